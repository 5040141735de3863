// Registered as namespace 'annotation'; the texts live with the feature.
import { annotationKo } from '../../features/annotation/i18n/ko';

export default annotationKo;
