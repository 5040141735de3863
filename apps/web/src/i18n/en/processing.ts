// Registered as namespace 'processing'; the texts live with the feature.
import { processingEn } from '../../features/processing/i18n/en';

export default processingEn;
