// Which datasets a model of a task can be evaluated on: the same type; an anomaly model also on a
// classification dataset whose classes carry OK flags (the server answers EVALUATION_TASK_MISMATCH otherwise).
import type { VisionTask } from '@sightline/domain';

export const datasetFitsTask = (task: VisionTask, datasetType: string) =>
  datasetType === task || (task === 'ad' && datasetType === 'cf');
