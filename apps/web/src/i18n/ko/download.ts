// Registered as namespace 'download'; the texts live with the feature.
import { downloadKo } from '../../features/download/i18n/ko';

export default downloadKo;
