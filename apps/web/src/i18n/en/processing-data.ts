// Registered as namespace 'processing-data'; the texts live with the feature.
import { processingDataEn } from '../../features/processing/data-works/i18n/en';

export default processingDataEn;
