// Registered as namespace 'processing'; the texts live with the feature.
import { processingKo } from '../../features/processing/i18n/ko';

export default processingKo;
