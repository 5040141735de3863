// Registered as namespace 'notification'; the texts live with the feature.
import { notificationEn } from '../../features/notification/i18n/en';

export default notificationEn;
