// Registered as namespace 'notice'; the texts live with the feature.
import { noticeKo } from '../../features/notice/i18n/ko';

export default noticeKo;
