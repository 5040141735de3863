// Registered as namespace 'compare'; the texts live with the feature.
import { compareKo } from '../../features/compare/i18n/ko';

export default compareKo;
