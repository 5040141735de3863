// Registered as namespace 'download'; the texts live with the feature.
import { downloadEn } from '../../features/download/i18n/en';

export default downloadEn;
