// Registered as namespace 'status' (the /status and /wireframe pages); the texts live with the feature.
import { statusEn } from '../../features/status/i18n/en';

export default statusEn;
