// Canvas shapes ↔ the versioned annotation document (packages/domain annotation/document.ts).
// Circles and ellipses are stored as polygons; a mask cut by the eraser or kept from the magic wand is
// stored as its outer outlines (polygons: the document has no inline mask), an imported mask as it was.
import {
  ANNOTATION_VERSION,
  type AnnotationDocument,
  type AnnotationObject,
  type TargetRegion,
} from '@sightline/domain';
import { maskToBitmap, traceOutlines } from '../canvas/geometry/mask';
import { shapeOutline } from '../canvas/geometry/shapes';
import type { Point, Shape } from '../canvas/types';

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
}

/** Canvas shapes of a document (imported masks come back as `mask` shapes without bits, keyed). */
export function documentToShapes(doc: AnnotationDocument): {
  shapes: Shape[];
  stored: Map<string, StoredMask>;
} {
  const stored = new Map<string, StoredMask>();
  const shapes: Shape[] = [];
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
      case 'mask':
        stored.set(o.id, { key: o.key, sha256: o.sha256, width: o.width, height: o.height });
        shapes.push({ ...base, type: 'mask', points: [] });
        break;
      case 'eraser':
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
        if (keep && !s.mask) {
          objects.push({ ...common, type: 'mask', ...keep });
          break;
        }
        if (!s.mask) break;
        const { rect } = s.mask;
        const rings = traceOutlines(
          maskToBitmap({ rect: { ...rect, x: 0, y: 0 }, bits: s.mask.bits }, rect.w, rect.h),
          0,
          0,
          2,
        );
        rings.forEach((ring, i) => {
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
