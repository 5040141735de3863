// sg folders: DIR/images/*.png and DIR/masks/<class>/<image stem>.png (white = that class).
import { join } from 'node:path';
import { VisionError } from '../errors';
import { exists, listDirs, listImages, stem } from './files';
import type { DataItem, VisionDataset } from './types';

export async function readSegmentationDir(dir: string): Promise<VisionDataset> {
  const maskRoot = join(dir, 'masks');
  if (!(await exists(maskRoot)))
    throw new VisionError('DATA_FORMAT', `Segmentation data needs ${maskRoot}/<class>/`);
  const names = await listDirs(maskRoot);
  const masksByClass = await Promise.all(
    names.map(async (n) => new Map((await listImages(join(maskRoot, n))).map((p) => [stem(p), p]))),
  );
  const items: DataItem[] = [];
  for (const path of await listImages(join(dir, 'images'))) {
    const masks = masksByClass.flatMap((m, classIndex) =>
      m.has(stem(path)) ? [{ classIndex, path: m.get(stem(path))! }] : [],
    );
    items.push({ path, masks });
  }
  return { task: 'sg', classes: names.map((name) => ({ name, ok: false })), items };
}
