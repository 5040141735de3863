// Registered as namespace 'dataset'; the texts live with the feature.
import { datasetKo } from '../../features/dataset/i18n/ko';

export default datasetKo;
