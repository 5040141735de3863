// The shell pieces the tenancy pages use, in one place.
export { Pager } from '../../components/Pager';
export { EmptyState } from '../../components/EmptyState';
export { Spinner } from '../../components/Spinner';
export { SearchSelect } from '../../components/SearchSelect';
export { confirm } from '../../components/confirm';
export { flash, flashError } from '../../components/flash';
export { ApiError, isCancelled } from '../../api/api-error';
