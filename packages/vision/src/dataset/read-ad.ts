// ad folders in the MVTec AD layout: DIR/train/good/* (OK images for training) and
// DIR/test/<good|defect type>/* with optional DIR/ground_truth/<defect type>/<stem>_mask.png.
import { join } from 'node:path';
import { VisionError } from '../errors';
import { exists, listDirs, listImages, stem } from './files';
import type { DataItem, VisionDataset } from './types';

const AD_CLASSES = [
  { name: 'good', ok: true },
  { name: 'defect', ok: false },
];

export async function readAnomalyTrainDir(dir: string): Promise<VisionDataset> {
  const good = await listImages(join(dir, 'train', 'good'));
  if (good.length === 0) throw new VisionError('DATA_EMPTY', `No OK images in ${join(dir, 'train', 'good')}`);
  return { task: 'ad', classes: AD_CLASSES, items: good.map((path) => ({ path, anomalous: false })) };
}

export async function readAnomalyTestDir(dir: string): Promise<VisionDataset> {
  const testDir = join(dir, 'test');
  if (!(await exists(testDir)))
    throw new VisionError('DATA_FORMAT', `Anomaly evaluation needs ${testDir}/<good|defect>/`);
  const items: DataItem[] = [];
  for (const kind of await listDirs(testDir)) {
    for (const path of await listImages(join(testDir, kind))) {
      const item: DataItem = { path, anomalous: kind !== 'good' };
      const mask = join(dir, 'ground_truth', kind, `${stem(path)}_mask.png`);
      if (item.anomalous && (await exists(mask))) item.maskPath = mask;
      items.push(item);
    }
  }
  return { task: 'ad', classes: AD_CLASSES, items };
}
