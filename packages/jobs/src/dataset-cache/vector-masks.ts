// Annotation objects drawn in the workspace (rectangles, polygons, sam outlines, brush paths, inline rle
// masks with their holes, erasers:
// the image_objects rows of the annotation document) → the inputs the engine reads:
//   od: one box per object (outline or stroke bounds);
//   sg: one binary PNG per class (white = the class), rasterised in document order (an eraser cuts the
//       erasable objects drawn before it) and written into the content-hash cache like fetched masks.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { objectBox, rasterizeObjects, rowToObject, type AnnotationObject, type Box } from '@sightline/domain';
import { encodePng } from '../png';
import { cachePath } from './object-cache';

export interface ObjectRow {
  classId: number | null;
  kind: string;
  geometry: unknown;
}

const VECTOR_KINDS = new Set(['box', 'polygon', 'path', 'sam', 'eraser', 'rle']);
export const isVectorKind = (kind: string) => VECTOR_KINDS.has(kind);

const asObject = (o: ObjectRow, i: number): AnnotationObject | null =>
  rowToObject({
    id: i,
    kind: o.kind,
    classId: o.classId,
    geometry: (o.geometry ?? {}) as Record<string, unknown>,
  });

/** The box of a drawn object (not a rectangle row, which the materialiser reads as it is), or null. */
export function drawnObjectBox(o: ObjectRow): Box | null {
  if (o.kind === 'box' || o.kind === 'eraser' || !isVectorKind(o.kind)) return null;
  const obj = asObject(o, 0);
  const b = obj ? objectBox(obj) : null;
  return b && b.x2 > b.x1 && b.y2 > b.y1 ? b : null;
}

/** Per class id: the binary mask of its drawn objects (only classes with at least one pixel). */
export function rasterizeClasses(rows: readonly ObjectRow[], w: number, h: number): Map<number, Uint8Array> {
  const objects = rows
    .filter((r) => isVectorKind(r.kind))
    .map(asObject)
    .filter((o): o is AnnotationObject => o !== null);
  const out = new Map<number, Uint8Array>();
  const classIds = new Set(
    objects.filter((o) => o.type !== 'eraser' && o.classId !== null).map((o) => o.classId!),
  );
  for (const c of classIds) {
    // Erasers cut only while an erasable object of the class was drawn before them.
    const mine = objects.filter((o) => (o.type === 'eraser' ? true : o.classId === c && o.erasable));
    const fixed = objects.filter((o) => o.type !== 'eraser' && o.classId === c && !o.erasable);
    const mask = rasterizeObjects([...mine, ...fixed], w, h);
    if (mask.some((v) => v)) out.set(c, mask);
  }
  return out;
}

/** A minimal greyscale PNG (8-bit, one filter byte per row, zlib): 0 → black, anything else → white. */
export function encodeMaskPng(mask: Uint8Array, w: number, h: number): Buffer {
  const grey = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++) grey[i] = mask[i] ? 255 : 0;
  return encodePng(w, h, 1, grey);
}

/** Writes the PNG into the content-hash cache (tmp + rename) and answers its path. */
export async function cacheMaskPng(cacheDir: string, png: Buffer): Promise<string> {
  const sha = createHash('sha256').update(png).digest('hex');
  const path = cachePath(cacheDir, sha, 'png');
  if (
    await stat(path).then(
      (s) => s.isFile(),
      () => false,
    )
  )
    return path;
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, png);
  await rename(tmp, path);
  return path;
}
