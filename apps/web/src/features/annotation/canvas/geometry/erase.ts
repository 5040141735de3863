// Eraser kernel: cuts a brush stroke out of erasable shapes. Masks lose the pixels; vector shapes are
// rasterised, cut and traced back into polygons (a shape cut in two becomes two) unless the cut left a
// hole inside, which makes them a mask; brush paths become masks.
import type { MaskData, Point, Rect, Shape } from '../types';
import {
  cropToMask,
  emptyBitmap,
  hasHoles,
  fillPolygon,
  strokePath,
  traceOutlines,
  type Bitmap,
} from './mask';
import { boundsOf, inflate, polygonArea, rectsIntersect, shapeBounds, shapeOutline } from './shapes';

export interface EraseResult {
  shapes: Shape[];
  changed: boolean;
}

function localBitmap(r: Rect): { bm: Bitmap; ox: number; oy: number } {
  const ox = Math.floor(r.x) - 1;
  const oy = Math.floor(r.y) - 1;
  return { bm: emptyBitmap(Math.ceil(r.x + r.w) - ox + 2, Math.ceil(r.y + r.h) - oy + 2), ox, oy };
}

const shift = (pts: readonly Point[], dx: number, dy: number): Point[] =>
  pts.map((p) => ({ x: p.x + dx, y: p.y + dy }));

/** Rasterises a shape into a local bitmap placed at (ox, oy). */
function rasterise(s: Shape): { bm: Bitmap; ox: number; oy: number } {
  if (s.type === 'mask' && s.mask) {
    const { rect, bits } = s.mask;
    return { bm: { w: rect.w, h: rect.h, bits: bits.slice() }, ox: rect.x, oy: rect.y };
  }
  const local = localBitmap(shapeBounds(s));
  if (s.type === 'path') strokePath(local.bm, shift(s.points, -local.ox, -local.oy), (s.width ?? 1) / 2, 1);
  else fillPolygon(local.bm, shift(shapeOutline(s) ?? [], -local.ox, -local.oy));
  return local;
}

export function eraseStroke(
  shapes: readonly Shape[],
  stroke: readonly Point[],
  radius: number,
  newId: () => string,
  /** Which erasable shapes this stroke may cut (default: all). */
  cuts: (s: Shape) => boolean = () => true,
): EraseResult {
  const area = inflate(boundsOf(stroke), radius);
  let changed = false;
  const out: Shape[] = [];
  for (const s of shapes) {
    if (s.erasable === false || s.type === 'region' || !cuts(s) || !rectsIntersect(shapeBounds(s), area)) {
      out.push(s);
      continue;
    }
    const { bm, ox, oy } = rasterise(s);
    const before = bm.bits.reduce((n, b) => n + b, 0);
    strokePath(bm, shift(stroke, -ox, -oy), radius, 0);
    const after = bm.bits.reduce((n, b) => n + b, 0);
    if (after === before) {
      out.push(s);
      continue;
    }
    changed = true;
    if (after === 0) continue;
    if (s.type === 'mask' || s.type === 'path' || hasHoles(bm)) {
      const m = cropToMask(bm);
      if (m) out.push({ ...s, type: 'mask', points: [], mask: place(m, ox, oy) });
      continue;
    }
    const rings = traceOutlines(bm, 0.75, 0, 4).filter((r) => r.length >= 3 && polygonArea(r) >= 4);
    rings.forEach((ring, i) =>
      out.push({ ...s, id: i === 0 ? s.id : newId(), type: 'polygon', points: shift(ring, ox, oy) }),
    );
  }
  return { shapes: changed ? out : [...shapes], changed };
}

function place(m: MaskData, ox: number, oy: number): MaskData {
  return { rect: { ...m.rect, x: m.rect.x + ox, y: m.rect.y + oy }, bits: m.bits };
}
