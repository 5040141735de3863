// Registered as namespace 'evaluation'; the texts live with the feature.
import { evaluationEn } from '../../features/evaluation/i18n/en';

export default evaluationEn;
