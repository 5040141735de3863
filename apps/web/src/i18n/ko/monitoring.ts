// Registered as namespace 'monitoring'; the texts live with the feature.
import { monitoringKo } from '../../features/monitoring/i18n/ko';

export default monitoringKo;
