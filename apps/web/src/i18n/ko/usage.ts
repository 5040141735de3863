// Registered as namespace 'usage'; the texts live with the feature.
import { usageKo } from '../../features/usage/i18n/ko';

export default usageKo;
