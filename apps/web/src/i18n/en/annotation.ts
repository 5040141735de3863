// Registered as namespace 'annotation'; the texts live with the feature.
import { annotationEn } from '../../features/annotation/i18n/en';

export default annotationEn;
