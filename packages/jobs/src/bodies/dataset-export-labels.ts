// The label part of a dataset export in a chosen format: od boxes as YOLO, Pascal VOC or COCO files and
// sg objects as one mask PNG per class per image, written with the vision engine's writers (the same
// code the import reads them back with). Objects are image_objects rows: 'box' {x1,y1,x2,y2};
// 'polygon' / 'sam' {points: [[x, y], …]}; 'path' / 'eraser' {points, width}; 'rle' {x, y, w, h, counts} (an
// inline mask with holes); 'mask' {key} (a stored
// PNG); 'region' (target regions) is not a label and is skipped.
import { asc, inArray } from 'drizzle-orm';
import { datasetImages, imageObjects, type Db } from '@sightline/db';
import { paintRle, rowToObject, type ExportFormat } from '@sightline/domain';
import { readBuffer, type Storage } from '@sightline/storage';
import { imagePathIn, labelFiles, renderMaskPng, type Box, type LabelledImage } from '@sightline/vision';
import { encodeMaskPng } from '../dataset-cache/vector-masks';

export interface LabelImage {
  id: string;
  folderId: number;
  fileName: string;
}

interface ObjectRow {
  imageId: string;
  classId: number | null;
  kind: string;
  geometry: unknown;
}

type Pt = [number, number];
const isPts = (v: unknown): v is Pt[] =>
  Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && p.every(Number.isFinite));
const flat = (pts: Pt[]) => pts.flatMap((p) => p);

/** The box of an object row in pixels, or null (masks, regions and broken rows have none here). */
export function objectBox(kind: string, g: Record<string, unknown>): Omit<Box, 'classIndex'> | null {
  if (kind === 'box') {
    const [x1, y1, x2, y2] = [g.x1, g.y1, g.x2, g.y2].map(Number);
    if (![x1, y1, x2, y2].every(Number.isFinite)) return null;
    return { x1: Math.min(x1!, x2!), y1: Math.min(y1!, y2!), x2: Math.max(x1!, x2!), y2: Math.max(y1!, y2!) };
  }
  if ((kind === 'polygon' || kind === 'sam') && isPts(g.points) && g.points.length) {
    const xs = g.points.map((p) => p[0]);
    const ys = g.points.map((p) => p[1]);
    return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
  }
  return null;
}

async function objectsOf(db: Db, imageIds: string[]): Promise<Map<string, ObjectRow[]>> {
  const out = new Map<string, ObjectRow[]>();
  for (let i = 0; i < imageIds.length; i += 5000) {
    const rows = await db
      .select({
        imageId: imageObjects.imageId,
        classId: imageObjects.classId,
        kind: imageObjects.kind,
        geometry: imageObjects.geometry,
      })
      .from(imageObjects)
      .where(inArray(imageObjects.imageId, imageIds.slice(i, i + 5000)))
      .orderBy(asc(imageObjects.id));
    for (const r of rows) out.set(r.imageId, [...(out.get(r.imageId) ?? []), r]);
  }
  return out;
}

async function sizesOf(db: Db, imageIds: string[]) {
  const out = new Map<string, { width: number; height: number }>();
  for (let i = 0; i < imageIds.length; i += 5000) {
    const rows = await db
      .select({ id: datasetImages.id, width: datasetImages.width, height: datasetImages.height })
      .from(datasetImages)
      .where(inArray(datasetImages.id, imageIds.slice(i, i + 5000)));
    for (const r of rows) out.set(r.id, { width: r.width, height: r.height });
  }
  return out;
}

export interface LabelEntry {
  path: string;
  data: Buffer;
}

/**
 * The label entries (paths below each folder) of the given images; images themselves go to
 * `imageEntryPath`. `classes` in sort order give the class indices and names.
 */
export async function labelEntries(input: {
  db: Db;
  storage: Storage;
  type: string;
  format: ExportFormat;
  folders: Map<number, string>;
  classes: { id: number; name: string }[];
  images: LabelImage[];
  signal?: AbortSignal;
  onImage?: () => void;
}): Promise<LabelEntry[]> {
  const { db, storage, format, folders, classes, images } = input;
  const ids = images.map((i) => i.id);
  const [objects, sizes] = await Promise.all([objectsOf(db, ids), sizesOf(db, ids)]);
  const index = new Map(classes.map((c, i) => [c.id, i]));
  const names = classes.map((c) => c.name);
  const entries: LabelEntry[] = [];
  if (format !== 'masks') {
    for (const [folderId, folder] of folders) {
      const labelled: LabelledImage[] = images
        .filter((im) => im.folderId === folderId)
        .map((im) => {
          const size = sizes.get(im.id) ?? { width: 1, height: 1 };
          const boxes = (objects.get(im.id) ?? []).flatMap((o) => {
            const b = o.classId !== null && index.has(o.classId) ? objectBox(o.kind, geom(o)) : null;
            return b ? [{ classIndex: index.get(o.classId!)!, ...b }] : [];
          });
          return { fileName: im.fileName, ...size, boxes };
        });
      for (const f of labelFiles(format, labelled, names))
        entries.push({ path: `${folder}/${f.path}`, data: Buffer.from(f.text) });
    }
    return entries;
  }
  for (const im of images) {
    input.signal?.throwIfAborted();
    const size = sizes.get(im.id);
    const byClass = new Map<number, ObjectRow[]>();
    for (const o of objects.get(im.id) ?? [])
      if (o.classId !== null && index.has(o.classId))
        byClass.set(o.classId, [...(byClass.get(o.classId) ?? []), o]);
    // Erasers carry no class: they cut every class they cross.
    const erasers = (objects.get(im.id) ?? []).filter((o) => o.kind === 'eraser');
    for (const [classId, rows] of size ? byClass : []) {
      const polygons: number[][] = [];
      const masks: Buffer[] = [];
      const strokes: { points: number[]; width: number; erase?: boolean }[] = [];
      for (const o of [...rows, ...erasers]) {
        const g = geom(o);
        if ((o.kind === 'polygon' || o.kind === 'sam') && isPts(g.points)) polygons.push(flat(g.points));
        else if (o.kind === 'box') {
          const b = objectBox('box', g)!;
          polygons.push([b.x1, b.y1, b.x2, b.y1, b.x2, b.y2, b.x1, b.y2]);
        } else if ((o.kind === 'path' || o.kind === 'eraser') && isPts(g.points))
          strokes.push({ points: flat(g.points), width: Number(g.width) || 1, erase: o.kind === 'eraser' });
        else if (o.kind === 'mask' && typeof g.key === 'string') {
          const buf = await readBuffer(storage, g.key);
          if (buf) masks.push(buf);
        } else if (o.kind === 'rle' && size) {
          // An inline mask drawn in the workspace (with its holes): a full-size PNG like a stored one.
          const obj = rowToObject({ id: 0, kind: o.kind, classId: o.classId, geometry: g });
          if (obj?.type === 'rle') {
            const bits = new Uint8Array(size.width * size.height);
            paintRle(bits, size.width, size.height, obj);
            masks.push(encodeMaskPng(bits, size.width, size.height));
          }
        }
      }
      if (!polygons.length && !masks.length && !strokes.some((s) => !s.erase)) continue;
      const png = await renderMaskPng(size!.width, size!.height, { polygons, masks, strokes });
      const stem = im.fileName.replace(/\.[^.]+$/, '');
      entries.push({
        path: `${folders.get(im.folderId)}/masks/${names[index.get(classId)!]}/${stem}.png`,
        data: png,
      });
    }
    input.onImage?.();
  }
  return entries;
}

const geom = (o: ObjectRow) => (o.geometry ?? {}) as Record<string, unknown>;

/** Where an image goes in an export with labels (folder/images/file). */
export const imageEntryPath = (folder: string, fileName: string) => `${folder}/${imagePathIn(fileName)}`;
