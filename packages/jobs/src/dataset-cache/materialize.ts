// Dataset rows → the engine's VisionDataset, with every file in a local content-hash cache:
// cacheDir/objects/<sha[0:2]>/<sha>.<ext>, fetched from storage once per hash (tmp file + rename, so
// two workers materialising the same data never see a half-written file). imageIds[i] ↔ items[i].
//
// image_objects the materialiser reads (written by the annotated import):
//   kind 'box'  geometry { x1, y1, x2, y2 }                 od box in original image pixels, class_id = its class
//   kind 'mask' geometry { key, sha256, width?, height? }   sg/ad binary mask PNG in storage (white = class_id)
// and the drawn objects of the annotation document (polygon, path, sam, eraser; vector-masks.ts):
//   od: their bounds are boxes; sg: each class's drawn objects become one rasterised mask PNG.
import type { Db } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import type { Box, DataItem, DatasetClass, VisionDataset } from '@sightline/vision';
import { cacheObject, type CacheSource } from './object-cache';
import { loadDatasetRows, type MaterialImage, type MaterialObject } from './dataset-rows';
import { MaterializeError } from './materialize-error';
import { cacheMaskPng, drawnObjectBox, encodeMaskPng, isVectorKind, rasterizeClasses } from './vector-masks';

export { MaterializeError } from './materialize-error';

export interface MaterializeDeps {
  db: Db;
  storage: Storage;
  cacheDir: string;
}

export interface MaterializeOptions {
  /** ad: train = OK images only; eval = all with the anomalous flag. */
  purpose: 'train' | 'eval';
  /** Default: the dataset's type ('ad' may also be asked of a cf dataset). */
  task?: 'cf' | 'od' | 'sg' | 'ad';
  /** cf/ad: class names judged OK (default, and when none names a class of the dataset: its is_ok flags). */
  okClasses?: string[];
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** imageIds[i] is the dataset_images id of dataset.items[i]. */
export interface MaterializedDataset {
  dataset: VisionDataset;
  imageIds: string[];
}

/** The classes an anomaly dataset is read as (same as the engine's MVTec reader). */
export const AD_CLASSES: DatasetClass[] = [
  { name: 'good', ok: true },
  { name: 'defect', ok: false },
];

const FETCH_CONCURRENCY = 4;

export async function materializeDataset(
  deps: MaterializeDeps,
  datasetId: number,
  opts: MaterializeOptions,
): Promise<MaterializedDataset> {
  opts.signal?.throwIfAborted();
  const rows = await loadDatasetRows(deps.db, datasetId);
  if (!rows) throw new MaterializeError('DATASET_NOT_FOUND', `Dataset ${datasetId} does not exist`);
  const task = opts.task ?? rows.dataset.type;
  // OK class names the dataset does not have are ignored; when none of them is a class of the dataset
  // (an ad model's 'good'/'defect' info evaluated on a cf dataset whose OK class is 'ok'), its is_ok flags decide.
  const asked = new Set((opts.okClasses ?? []).map((n) => n.toLowerCase()));
  const okNames = rows.classes.some((c) => asked.has(c.name.toLowerCase())) ? asked : null;
  const isOk = (c: { name: string; isOk: boolean }) => (okNames ? okNames.has(c.name.toLowerCase()) : c.isOk);
  const classIndex = new Map(rows.classes.map((c, i) => [c.id, i]));
  const okClassIds = new Set(rows.classes.filter(isOk).map((c) => c.id));

  // Which images go in, and what each item carries besides its path.
  type Planned = {
    image: MaterialImage;
    item: Omit<DataItem, 'path'>;
    masks: { classIndex: number; obj: MaterialObject }[];
  };
  const planned: Planned[] = [];
  let classes: DatasetClass[];
  if (task === 'cf') {
    classes = rows.classes.map((c) => ({ name: c.name, ok: isOk(c) }));
    for (const image of rows.images) {
      // Unclassified images have no label to learn or score.
      if (image.classId === null || !classIndex.has(image.classId)) continue;
      planned.push({ image, item: { label: classIndex.get(image.classId)! }, masks: [] });
    }
  } else if (task === 'od') {
    classes = rows.classes.map((c) => ({ name: c.name, ok: false }));
    for (const image of rows.images) {
      const boxes: Box[] = [];
      for (const o of rows.objects.get(image.id) ?? []) {
        if (o.classId === null || !classIndex.has(o.classId)) continue;
        const box = o.kind === 'box' ? boxOf(o.geometry) : drawnObjectBox(o);
        if (box) boxes.push({ classIndex: classIndex.get(o.classId!)!, ...box });
      }
      planned.push({ image, item: { boxes }, masks: [] });
    }
  } else if (task === 'sg') {
    classes = rows.classes.map((c) => ({ name: c.name, ok: false }));
    for (const image of rows.images) {
      const masks = (rows.objects.get(image.id) ?? [])
        .filter(
          (o) => o.kind === 'mask' && o.classId !== null && classIndex.has(o.classId) && maskOf(o.geometry),
        )
        .map((obj) => ({ classIndex: classIndex.get(obj.classId!)!, obj }));
      planned.push({ image, item: {}, masks });
    }
  } else {
    classes = AD_CLASSES;
    for (const image of rows.images) {
      if (image.classId === null || !classIndex.has(image.classId)) continue;
      const anomalous = !okClassIds.has(image.classId);
      if (opts.purpose === 'train' && anomalous) continue;
      const mask = anomalous
        ? (rows.objects.get(image.id) ?? []).find((o) => o.kind === 'mask' && maskOf(o.geometry))
        : undefined;
      planned.push({ image, item: { anomalous }, masks: mask ? [{ classIndex: 1, obj: mask }] : [] });
    }
  }

  // Fetch every distinct file once (images and masks), a few at a time.
  const sources = new Map<string, CacheSource>();
  for (const p of planned) {
    sources.set(p.image.sha256, { sha256: p.image.sha256, key: p.image.key, ext: extOf(p.image.format) });
    for (const m of p.masks) {
      const g = maskOf(m.obj.geometry)!;
      sources.set(g.sha256, { sha256: g.sha256, key: g.key, ext: 'png' });
    }
  }
  const paths = new Map<string, string>();
  const total = sources.size;
  let done = 0;
  opts.onProgress?.(0, total);
  const queue = [...sources.values()];
  const worker = async () => {
    for (let src = queue.shift(); src; src = queue.shift()) {
      opts.signal?.throwIfAborted();
      paths.set(src.sha256, await cacheObject(deps.storage, deps.cacheDir, src, opts.signal));
      opts.onProgress?.(++done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, queue.length) }, worker));

  const items: DataItem[] = [];
  for (const p of planned) {
    const item: DataItem = { path: paths.get(p.image.sha256)!, ...p.item };
    if (task === 'sg') {
      item.masks = p.masks.map((m) => ({
        classIndex: m.classIndex,
        path: paths.get(maskOf(m.obj.geometry)!.sha256)!,
      }));
      // Drawn objects: one rasterised mask per class, cached by content like a fetched one.
      const drawn = (rows.objects.get(p.image.id) ?? []).filter((o) => isVectorKind(o.kind));
      if (drawn.length) {
        opts.signal?.throwIfAborted();
        for (const [classId, mask] of rasterizeClasses(drawn, p.image.width, p.image.height)) {
          if (!classIndex.has(classId)) continue;
          const png = encodeMaskPng(mask, p.image.width, p.image.height);
          item.masks.push({
            classIndex: classIndex.get(classId)!,
            path: await cacheMaskPng(deps.cacheDir, png),
          });
        }
      }
    }
    if (task === 'ad' && p.masks[0]) item.maskPath = paths.get(maskOf(p.masks[0].obj.geometry)!.sha256)!;
    items.push(item);
  }
  return { dataset: { task, classes, items }, imageIds: planned.map((p) => p.image.id) };
}

function boxOf(g: unknown): Omit<Box, 'classIndex'> | null {
  const b = g as Partial<Record<'x1' | 'y1' | 'x2' | 'y2', unknown>> | null;
  if (!b || ![b.x1, b.y1, b.x2, b.y2].every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  return { x1: b.x1 as number, y1: b.y1 as number, x2: b.x2 as number, y2: b.y2 as number };
}

function maskOf(g: unknown): { key: string; sha256: string } | null {
  const m = g as { key?: unknown; sha256?: unknown } | null;
  return m && typeof m.key === 'string' && typeof m.sha256 === 'string' && /^[0-9a-f]{64}$/.test(m.sha256)
    ? { key: m.key, sha256: m.sha256 }
    : null;
}

const extOf = (format: string) =>
  format === 'jpeg' ? 'jpg' : /^[a-z0-9]{1,8}$/.test(format) ? format : 'img';
