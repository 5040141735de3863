// One entry point for reading a dataset folder of any task.
import type { VisionTask } from '@sightline/domain';
import { readAnomalyTestDir, readAnomalyTrainDir } from './read-ad';
import { readClassificationDir } from './read-cf';
import { readDetectionDir } from './read-od';
import { readSegmentationDir } from './read-sg';
import type { VisionDataset } from './types';

/** `purpose` matters for ad only: training reads train/good, evaluation reads test/. */
export function readDataset(
  task: VisionTask,
  dir: string,
  purpose: 'train' | 'eval' = 'train',
): Promise<VisionDataset> {
  switch (task) {
    case 'cf':
      return readClassificationDir(dir);
    case 'od':
      return readDetectionDir(dir);
    case 'sg':
      return readSegmentationDir(dir);
    case 'ad':
      return purpose === 'train' ? readAnomalyTrainDir(dir) : readAnomalyTestDir(dir);
  }
}
