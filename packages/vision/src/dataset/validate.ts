// Checks that need no pixels, done before the trainer starts (the trainer checks the pixels).
import { CLASS_MAX, TARGET_REGION_MAX } from '@sightline/domain';
import { VisionError } from '../errors';
import type { VisionDataset } from './types';

export function validateDataset(ds: VisionDataset): void {
  if (ds.items.length === 0) throw new VisionError('DATA_EMPTY', 'The dataset has no images');
  if (ds.classes.length > CLASS_MAX)
    throw new VisionError('DATA_TOO_MANY_CLASSES', `At most ${CLASS_MAX} classes are allowed`);
  if ((ds.regions?.length ?? 0) > TARGET_REGION_MAX) {
    throw new VisionError('REGION_TOO_MANY', `At most ${TARGET_REGION_MAX} target regions are allowed`);
  }
  const names = ds.classes.map((c) => c.name);
  if (new Set(names).size !== names.length)
    throw new VisionError('DATA_DUPLICATE_CLASS', 'Class names must be unique');
  if (ds.task === 'cf') {
    if (ds.classes.length < 2)
      throw new VisionError('DATA_SINGLE_CLASS', 'Classification needs at least 2 classes');
    const counts = ds.classes.map((_, i) => ds.items.filter((it) => it.label === i).length);
    const empty = ds.classes.filter((_, i) => counts[i] === 0).map((c) => c.name);
    if (empty.length)
      throw new VisionError('DATA_EMPTY_CLASS', `Classes without images: ${empty.join(', ')}`, {
        classes: empty,
      });
  }
  if (ds.task === 'od' || ds.task === 'sg') {
    if (ds.classes.length < 1) throw new VisionError('DATA_NO_CLASSES', 'At least one class is needed');
    const labelled = ds.items.filter((it) => (ds.task === 'od' ? it.boxes?.length : it.masks?.length)).length;
    if (labelled === 0) throw new VisionError('DATA_UNLABELLED', 'No image carries a label');
  }
  if (ds.task === 'ad' && ds.items.every((it) => it.anomalous)) {
    throw new VisionError('DATA_NO_OK_IMAGES', 'Anomaly detection trains on OK images and none were given');
  }
}

/** The trainer's view of a dataset: plain JSON with regions as [x, y, w, h]. */
export function toTrainerDataset(ds: VisionDataset) {
  return {
    classes: ds.classes,
    regions: ds.regions?.map((r) => [r.x, r.y, r.width, r.height]) ?? null,
    items: ds.items
      .filter((it) => ds.task !== 'ad' || !it.anomalous)
      .map((it) => ({
        path: it.path,
        label: it.label,
        boxes: it.boxes?.map((b) => [b.classIndex, b.x1, b.y1, b.x2, b.y2]),
        masks: it.masks?.map((m) => [m.classIndex, m.path]),
      })),
  };
}
