// Canvas shapes ↔ the versioned annotation document (packages/domain annotation/document.ts).
// Circles and ellipses are stored as polygons. A mask made here (magic wand, eraser cuts) is stored as
// its outer outlines (polygons) unless it has holes, then as an inline run-length (`rle`) mask; an imported mask (a stored PNG) is kept by its key while unchanged. A stored
// eraser object cuts the erasable shapes before it when the document is loaded.
import {
  ANNOTATION_VERSION,
  decodeRle,
  encodeRle,
  type AnnotationDocument,
  type AnnotationObject,
  type TargetRegion,
} from '@sightline/domain';
import { eraseStroke } from '../canvas/geometry/erase';
import { hasHoles, traceOutlines } from '../canvas/geometry/mask';
import { shapeOutline } from '../canvas/geometry/shapes';
import type { MaskData, Point, Shape } from '../canvas/types';

type P = [number, number];
const round = (v: number) => Math.round(v * 100) / 100;
const toP = (p: Point): P => [round(p.x), round(p.y)];
const fromP = ([x, y]: P): Point => ({ x, y });
const classNum = (id: string): number | null => (/^\d+$/.test(id) ? Number(id) : null);

export interface StoredMask {
  key: string;
  sha256: string;
  width: number;
  height: number;
  /** The decoded pixels once drawn (`attachStoredMasks`): while a shape still holds them it is unchanged. */
  mask?: MaskData;
}

/**
 * Canvas shapes of a document. Imported masks come back as `mask` shapes keyed in `stored`, with the
 * pixels of `pixels` (their decoded PNGs, by object id; see `../api/stored-masks.ts`) when given;
 * inline masks with their bits; stored eraser objects cut the erasable shapes before them.
 */
export function documentToShapes(
  doc: AnnotationDocument,
  pixels: ReadonlyMap<string, MaskData> = new Map(),
): {
  shapes: Shape[];
  stored: Map<string, StoredMask>;
} {
  const stored = new Map<string, StoredMask>();
  let shapes: Shape[] = [];
  let n = 0;
  const newId = () => `cut-${++n}`;
  for (const o of doc.objects) {
    const base = { id: o.id, classId: o.classId == null ? '' : String(o.classId), erasable: o.erasable };
    switch (o.type) {
      case 'rectangle':
        shapes.push({
          ...base,
          type: 'rectangle',
          points: [
            { x: o.x1, y: o.y1 },
            { x: o.x2, y: o.y2 },
          ],
        });
        break;
      case 'polygon':
        shapes.push({ ...base, type: 'polygon', points: o.points.map(fromP) });
        break;
      case 'sam':
        shapes.push({ ...base, type: 'sam', points: o.points.map(fromP) });
        break;
      case 'path':
        shapes.push({ ...base, type: 'path', points: o.points.map(fromP), width: o.width });
        break;
      case 'mask': {
        const mask = pixels.get(o.id);
        stored.set(o.id, { key: o.key, sha256: o.sha256, width: o.width, height: o.height, mask });
        shapes.push({ ...base, type: 'mask', points: [], ...(mask ? { mask } : {}) });
        break;
      }
      case 'rle':
        shapes.push({
          ...base,
          type: 'mask',
          points: [],
          mask: { rect: { x: o.x, y: o.y, w: o.w, h: o.h }, bits: decodeRle(o.counts, o.w * o.h) },
        });
        break;
      case 'eraser':
        // A stored mask whose pixels did not load is left as it is.
        shapes = eraseStroke(
          shapes,
          o.points.map(fromP),
          o.width / 2,
          newId,
          (s) => s.type !== 'mask' || !!s.mask,
        ).shapes;
        break;
    }
  }
  for (const r of doc.regions)
    shapes.push({
      id: r.id,
      type: 'region',
      classId: '',
      points: [
        { x: r.x1, y: r.y1 },
        { x: r.x2, y: r.y2 },
      ],
    });
  return { shapes, stored };
}

/** The document of the canvas shapes (label kept from `base`). */
export function shapesToDocument(
  shapes: readonly Shape[],
  base: Pick<AnnotationDocument, 'label'>,
  stored: ReadonlyMap<string, StoredMask> = new Map(),
): AnnotationDocument {
  const objects: AnnotationObject[] = [];
  const regions: TargetRegion[] = [];
  for (const s of shapes) {
    const common = { id: s.id, classId: classNum(s.classId), erasable: s.erasable !== false };
    switch (s.type) {
      case 'region': {
        const [a, b] = s.points as [Point, Point];
        regions.push({
          id: s.id,
          x1: round(Math.min(a.x, b.x)),
          y1: round(Math.min(a.y, b.y)),
          x2: round(Math.max(a.x, b.x)),
          y2: round(Math.max(a.y, b.y)),
        });
        break;
      }
      case 'rectangle': {
        const [a, b] = s.points as [Point, Point];
        objects.push({
          ...common,
          type: 'rectangle',
          x1: round(Math.min(a.x, b.x)),
          y1: round(Math.min(a.y, b.y)),
          x2: round(Math.max(a.x, b.x)),
          y2: round(Math.max(a.y, b.y)),
        });
        break;
      }
      case 'circle':
      case 'ellipse':
      case 'polygon':
        objects.push({ ...common, type: 'polygon', points: (shapeOutline(s) ?? []).map(toP) });
        break;
      case 'sam':
        objects.push({ ...common, type: 'sam', clicks: [], points: s.points.map(toP) });
        break;
      case 'path':
        objects.push({ ...common, type: 'path', points: s.points.map(toP), width: s.width ?? 1 });
        break;
      case 'mask': {
        const keep = stored.get(s.id);
        if (keep && (!s.mask || s.mask === keep.mask)) {
          const { key, sha256, width, height } = keep;
          objects.push({ ...common, type: 'mask', key, sha256, width, height });
          break;
        }
        if (!s.mask) break;
        const { rect, bits } = s.mask;
        const bm = { w: rect.w, h: rect.h, bits };
        if (hasHoles(bm)) {
          objects.push({ ...common, type: 'rle', ...rect, counts: encodeRle(bits) });
          break;
        }
        traceOutlines(bm, 0, 0, 2).forEach((ring, i) => {
          if (ring.length >= 3)
            objects.push({
              ...common,
              id: i === 0 ? s.id : `${s.id}-${i}`,
              type: 'polygon',
              points: ring.map((p) => toP({ x: p.x + rect.x, y: p.y + rect.y })),
            });
        });
        break;
      }
    }
  }
  return { version: ANNOTATION_VERSION, label: base.label, objects, regions };
}
