// Registered as namespace 'notice'; the texts live with the feature.
import { noticeEn } from '../../features/notice/i18n/en';

export default noticeEn;
