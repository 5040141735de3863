// Registered as namespace 'compare'; the texts live with the feature.
import { compareEn } from '../../features/compare/i18n/en';

export default compareEn;
