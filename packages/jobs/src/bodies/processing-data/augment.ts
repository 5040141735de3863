// Augmentation work: for each source image, `copies` new images made with plans sampled from the chosen
// operations and ranges (the algorithm's augmentation settings), flagged `augmented`, with their labels
// moved by the same plan — boxes and polygons through the plan's matrix, stored masks warped like the
// pixels, cf labels kept. The originals are copied beside them unless the work says otherwise.
import {
  apply,
  planMatrix,
  augmentImage,
  augmentLabels,
  augmentMask,
  augmentMaskPixels,
  rng,
  samplePlan,
  type AugmentPlan,
  type AugmentSettings,
} from '@sightline/vision';
import { paintRle, type AnnotationObject } from '@sightline/domain';
import type { Db } from '@sightline/db';
import { assertKey, readBuffer, type Storage } from '@sightline/storage';
import {
  classMap,
  clearResult,
  insertObjects,
  loadWork,
  objectsOf,
  readImage,
  resultTarget,
  sha256,
  sourceImages,
  storeImage,
  type ObjectRow,
} from './work';

export interface AugmentOptions {
  operations: AugmentSettings;
  copies: number;
  includeOriginals: boolean;
  seed: number;
}

export function augmentOptions(options: Record<string, unknown>): AugmentOptions {
  return {
    operations: (options.operations ?? {}) as AugmentSettings,
    copies: Number(options.copies ?? 1),
    includeOriginals: options.include_originals !== false,
    seed: Number(options.seed ?? 1),
  };
}

type Pt = [number, number];
const toFlat = (pts: Pt[]) => pts.flatMap((p) => p);
const toPts = (flat: number[]): Pt[] => {
  const out: Pt[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
};
const isPts = (v: unknown): v is Pt[] =>
  Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2);

/** The object rows of one augmented copy (class ids already mapped to the result's). */
async function moveObjects(
  storage: Storage,
  plan: AugmentPlan,
  rows: ObjectRow[],
  imageId: string,
  mapClass: (id: number | null) => number | null,
): Promise<ObjectRow[]> {
  const out: ObjectRow[] = [];
  let maskNo = 0;
  for (const o of rows) {
    const classId = mapClass(o.classId);
    const g = o.geometry;
    if (o.kind === 'box') {
      const [b] = augmentLabels(plan, {
        boxes: [{ classIndex: 0, x1: Number(g.x1), y1: Number(g.y1), x2: Number(g.x2), y2: Number(g.y2) }],
      }).boxes;
      if (b)
        out.push({
          imageId,
          classId,
          kind: 'box',
          geometry: { ...g, x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 },
        });
    } else if ((o.kind === 'polygon' || o.kind === 'sam') && isPts(g.points)) {
      const [p] = augmentLabels(plan, { polygons: [{ classIndex: 0, points: toFlat(g.points) }] }).polygons;
      // A moved sam outline keeps its shape but not its clicks: it becomes a plain polygon.
      if (p)
        out.push({
          imageId,
          classId,
          kind: 'polygon',
          geometry: { oid: g.oid, erasable: g.erasable, points: toPts(p.points) },
        });
    } else if ((o.kind === 'path' || o.kind === 'eraser') && isPts(g.points)) {
      // Strokes: every point through the plan's matrix, the pen width scaled with it; not clipped.
      const m = planMatrix(plan);
      const points = g.points.map(([x, y]) => apply(m, x, y));
      if (!points.some(([x, y]) => x >= 0 && y >= 0 && x <= plan.width && y <= plan.height)) continue;
      const scale = Math.sqrt(Math.abs(m[0] * m[4] - m[1] * m[3]));
      out.push({
        imageId,
        classId,
        kind: o.kind,
        geometry: { ...g, points, width: Number(g.width) * scale },
      });
    } else if (o.kind === 'mask' && typeof g.key === 'string') {
      const src = await readBuffer(storage, g.key);
      if (!src) continue;
      const png = await augmentMask(src, plan);
      const key = assertKey(`images/${imageId.toLowerCase()}/mask-${maskNo++}.png`);
      await storage.put(key, png, { contentType: 'image/png' });
      out.push({
        imageId,
        classId,
        kind: 'mask',
        geometry: { ...g, key, sha256: sha256(png), width: plan.width, height: plan.height },
      });
    } else if (o.kind === 'rle' && Array.isArray(g.counts)) {
      // An inline mask (it may have holes) is painted at image size, warped like the pixels and kept as
      // a stored mask of the copy.
      const bits = new Uint8Array(plan.width * plan.height);
      paintRle(
        bits,
        plan.width,
        plan.height,
        { ...g, type: 'rle' } as Extract<AnnotationObject, { type: 'rle' }>,
        255,
      );
      const png = await augmentMaskPixels(bits, plan.width, plan.height, plan);
      const key = assertKey(`images/${imageId.toLowerCase()}/mask-${maskNo++}.png`);
      await storage.put(key, png, { contentType: 'image/png' });
      out.push({
        imageId,
        classId,
        kind: 'mask',
        geometry: {
          oid: g.oid,
          erasable: g.erasable,
          key,
          sha256: sha256(png),
          width: plan.width,
          height: plan.height,
        },
      });
    } else if (o.kind === 'region') {
      // Target regions are the same on every image of a set: they are not moved.
      out.push({ imageId, classId, kind: o.kind, geometry: g });
    }
  }
  return out;
}

export async function runAugmentation(input: {
  db: Db;
  storage: Storage;
  workId: number;
  progress(pct: number, message?: string): Promise<void>;
  signal?: AbortSignal;
}): Promise<Record<string, unknown>> {
  const { db, storage } = input;
  const { work, source } = await loadWork(db, input.workId);
  const opts = augmentOptions(work.options);
  const resultId = work.resultDatasetId!;
  await clearResult(db, resultId);
  const { folderId, classByName } = await resultTarget(db, resultId);
  const classes = await classMap(db, source.datasetId, classByName);
  const mapClass = (id: number | null) => (id === null ? null : (classes.get(id) ?? null));
  const images = await sourceImages(db, source.datasetId, source.folderIds);
  const objects = await objectsOf(
    db,
    images.map((i) => i.id),
  );
  const random = rng(opts.seed);
  let made = 0;
  let originals = 0;
  let dropped = 0;
  for (const [n, img] of images.entries()) {
    input.signal?.throwIfAborted();
    const data = await readImage(storage, img.id);
    const rows = objects.get(img.id) ?? [];
    const ext = img.format === 'jpeg' ? 'jpg' : 'png';
    const stem = img.fileName.replace(/\.[^.]+$/, '');
    if (opts.includeOriginals) {
      const id = await storeImage(db, storage, {
        datasetId: resultId,
        folderId,
        fileName: img.fileName,
        data,
        classId: mapClass(img.classId),
        edited: img.edited,
        confirmed: img.confirmed,
      });
      if (id) {
        originals++;
        await insertObjects(db, await moveObjects(storage, identity(img), rows, id, mapClass));
      }
    }
    for (let c = 1; c <= opts.copies; c++) {
      const plan = samplePlan(opts.operations, img.width, img.height, random);
      const out = await augmentImage(data, plan, ext === 'jpg' ? 'jpeg' : 'png');
      const id = await storeImage(db, storage, {
        datasetId: resultId,
        folderId,
        fileName: `${stem}_aug${c}.${ext}`,
        data: out.data,
        classId: mapClass(img.classId),
        augmented: true,
        edited: img.edited,
        confirmed: img.confirmed,
      });
      if (!id) continue;
      made++;
      const moved = await moveObjects(storage, plan, rows, id, mapClass);
      dropped +=
        rows.filter((r) => r.kind !== 'region').length - moved.filter((r) => r.kind !== 'region').length;
      await insertObjects(db, moved);
    }
    await input.progress(((n + 1) / images.length) * 100, `${n + 1}/${images.length}`);
  }
  return { source_images: images.length, augmented: made, originals, dropped_objects: dropped };
}

const identity = (img: { width: number; height: number }): AugmentPlan => ({
  width: img.width,
  height: img.height,
  flipH: false,
  flipV: false,
  angle: 0,
  brightness: 0,
  contrast: 0,
  noise: 0,
  seed: 0,
});
