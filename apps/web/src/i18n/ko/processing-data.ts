// Registered as namespace 'processing-data'; the texts live with the feature.
import { processingDataKo } from '../../features/processing/data-works/i18n/ko';

export default processingDataKo;
