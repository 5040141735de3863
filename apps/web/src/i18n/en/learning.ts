// Registered as namespace 'learning'; the texts live with the feature.
import { learningEn } from '../../features/learning/i18n/en';

export default learningEn;
