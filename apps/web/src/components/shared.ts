// The shell pieces the tenancy pages use, in one place.
export { Pager } from './Pager';
export { EmptyState } from './EmptyState';
export { Spinner } from './Spinner';
export { SearchSelect } from './SearchSelect';
export { confirm } from './confirm';
export { flash, flashError } from './flash';
export { ApiError, isCancelled } from '../api/api-error';
