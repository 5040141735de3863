// Registered as namespace 'evaluation'; the texts live with the feature.
import { evaluationKo } from '../../features/evaluation/i18n/ko';

export default evaluationKo;
