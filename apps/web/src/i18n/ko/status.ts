// Registered as namespace 'status' (the /status and /wireframe pages); the texts live with the feature.
import { statusKo } from '../../features/status/i18n/ko';

export default statusKo;
