// Registered as namespace 'notification'; the texts live with the feature.
import { notificationKo } from '../../features/notification/i18n/ko';

export default notificationKo;
