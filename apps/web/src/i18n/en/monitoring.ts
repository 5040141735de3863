// Registered as namespace 'monitoring'; the texts live with the feature.
import { monitoringEn } from '../../features/monitoring/i18n/en';

export default monitoringEn;
