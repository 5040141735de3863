// Registered as namespace 'dataset'; the texts live with the feature.
import { datasetEn } from '../../features/dataset/i18n/en';

export default datasetEn;
