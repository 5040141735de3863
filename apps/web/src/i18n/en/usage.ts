// Registered as namespace 'usage'; the texts live with the feature.
import { usageEn } from '../../features/usage/i18n/en';

export default usageEn;
