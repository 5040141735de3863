// Registered as namespace 'learning'; the texts live with the feature.
import { learningKo } from '../../features/learning/i18n/ko';

export default learningKo;
