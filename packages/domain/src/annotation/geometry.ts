// Pure geometry kernels of annotation objects (STYLE.md §5): data in, numbers out, no I/O.
// Coordinates are image pixels; pixel (x, y) covers [x, x+1] × [y, y+1], its centre is (x+.5, y+.5).
import { decodeRle, type AnnotationObject, type Point } from './document';

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The bounding box of points (null when there are none). */
export function bbox(points: readonly Point[]): Box | null {
  if (!points.length) return null;
  let x1 = Infinity,
    y1 = Infinity,
    x2 = -Infinity,
    y2 = -Infinity;
  for (const [x, y] of points) {
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x);
    y2 = Math.max(y2, y);
  }
  return { x1, y1, x2, y2 };
}

/** A box with x1 ≤ x2 and y1 ≤ y2 (a rectangle may be drawn from any corner). */
export const normalizeBox = (b: Box): Box => ({
  x1: Math.min(b.x1, b.x2),
  y1: Math.min(b.y1, b.y2),
  x2: Math.max(b.x1, b.x2),
  y2: Math.max(b.y1, b.y2),
});

export const boxArea = (b: Box) => Math.max(0, b.x2 - b.x1) * Math.max(0, b.y2 - b.y1);

/** Intersection over union of two boxes (0 when both are empty). */
export function boxIou(a: Box, b: Box): number {
  const A = normalizeBox(a);
  const B = normalizeBox(b);
  const inter = boxArea({
    x1: Math.max(A.x1, B.x1),
    y1: Math.max(A.y1, B.y1),
    x2: Math.min(A.x2, B.x2),
    y2: Math.min(A.y2, B.y2),
  });
  const union = boxArea(A) + boxArea(B) - inter;
  return union > 0 ? inter / union : 0;
}

/** Area of a simple polygon (shoelace), always ≥ 0. */
export function polygonArea(points: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    s += x1 * y2 - x2 * y1;
  }
  return Math.abs(s) / 2;
}

/** Intersection over union of two binary masks of the same size (0 when both are empty). */
export function maskIou(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error('maskIou: masks differ in size');
  let inter = 0,
    union = 0;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]! > 0,
      q = b[i]! > 0;
    if (p && q) inter++;
    if (p || q) union++;
  }
  return union ? inter / union : 0;
}

/** The box of an object in pixels: rectangles as drawn, outlines by their points, strokes widened by the pen. */
export function objectBox(o: AnnotationObject): Box | null {
  switch (o.type) {
    case 'rectangle':
      return normalizeBox(o);
    case 'polygon':
    case 'sam':
      return bbox(o.points);
    case 'path':
    case 'eraser': {
      const b = bbox(o.points)!;
      const r = o.width / 2;
      return { x1: b.x1 - r, y1: b.y1 - r, x2: b.x2 + r, y2: b.y2 + r };
    }
    case 'rle': {
      const b = rleBounds(o);
      return b ? { x1: o.x + b.x1, y1: o.y + b.y1, x2: o.x + b.x2, y2: o.y + b.y2 } : null;
    }
    case 'mask':
      return null;
  }
}

/** The tight box of an inline mask's set pixels, relative to its own box (null when empty). */
function rleBounds(o: Extract<AnnotationObject, { type: 'rle' }>): Box | null {
  let x1 = Infinity,
    y1 = Infinity,
    x2 = -Infinity,
    y2 = -Infinity;
  let at = 0;
  for (let k = 0; k < o.counts.length; k++) {
    const n = o.counts[k]!;
    if (k % 2 === 1 && n > 0) {
      const ya = Math.floor(at / o.w),
        yb = Math.floor((at + n - 1) / o.w);
      y1 = Math.min(y1, ya);
      y2 = Math.max(y2, yb + 1);
      if (ya === yb) {
        x1 = Math.min(x1, at % o.w);
        x2 = Math.max(x2, ((at + n - 1) % o.w) + 1);
      } else {
        x1 = 0;
        x2 = o.w;
      }
    }
    at += n;
  }
  return x2 > x1 ? { x1, y1, x2, y2 } : null;
}

/** Sets (value 1) or clears (0) the pixels of an inline mask in `mask` (width w, height h). */
export function paintRle(
  mask: Uint8Array,
  w: number,
  h: number,
  o: Extract<AnnotationObject, { type: 'rle' }>,
  value = 1,
) {
  const bits = decodeRle(o.counts, o.w * o.h);
  for (let y = Math.max(0, -o.y); y < o.h && y + o.y < h; y++)
    for (let x = Math.max(0, -o.x); x < o.w && x + o.x < w; x++)
      if (bits[y * o.w + x]) mask[(y + o.y) * w + x + o.x] = value;
}

/** Fills a polygon into `mask` (width w) with `value`: a pixel is in when its centre is (even-odd rule). */
export function fillPolygon(mask: Uint8Array, w: number, h: number, points: readonly Point[], value = 1) {
  const n = points.length;
  if (n < 3) return;
  const b = bbox(points)!;
  const yStart = Math.max(0, Math.floor(b.y1 - 0.5));
  const yEnd = Math.min(h - 1, Math.ceil(b.y2 - 0.5));
  const xs: number[] = [];
  for (let py = yStart; py <= yEnd; py++) {
    const cy = py + 0.5;
    xs.length = 0;
    for (let i = 0; i < n; i++) {
      const [ax, ay] = points[i]!;
      const [bx, by] = points[(i + 1) % n]!;
      if (ay <= cy === by <= cy) continue;
      xs.push(ax + ((cy - ay) / (by - ay)) * (bx - ax));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // Centres cx = px + .5 with xs[k] ≤ cx < xs[k+1].
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(w - 1, Math.ceil(xs[k + 1]! - 0.5) - 1);
      for (let px = from; px <= to; px++) mask[py * w + px] = value;
    }
  }
}

/** Draws a round-pen stroke (brush or eraser) into `mask` with `value`. */
export function strokePath(
  mask: Uint8Array,
  w: number,
  h: number,
  points: readonly Point[],
  width: number,
  value = 1,
) {
  const r = width / 2;
  const r2 = r * r;
  const segs =
    points.length === 1 ? [[points[0]!, points[0]!]] : points.slice(1).map((p, i) => [points[i]!, p]);
  for (const [[ax, ay], [bx, by]] of segs as [Point, Point][]) {
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx) + r));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by) + r));
    const dx = bx - ax,
      dy = by - ay;
    const len2 = dx * dx + dy * dy;
    for (let py = y0; py <= y1; py++)
      for (let px = x0; px <= x1; px++) {
        const cx = px + 0.5,
          cy = py + 0.5;
        const t = len2 ? Math.max(0, Math.min(1, ((cx - ax) * dx + (cy - ay) * dy) / len2)) : 0;
        const ex = cx - (ax + t * dx),
          ey = cy - (ay + t * dy);
        if (ex * ex + ey * ey <= r2) mask[py * w + px] = value;
      }
  }
}

/**
 * Rasterises the drawn objects of one class in document order (stored PNG masks are files and are
 * skipped): rectangles, polygons, sam outlines, brush paths and inline (rle) masks set pixels, an eraser
 * clears them — so a hole cut in an inline mask stays a hole.
 */
export function rasterizeObjects(objects: readonly AnnotationObject[], w: number, h: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  for (const o of objects) {
    if (o.type === 'rectangle') {
      const b = normalizeBox(o);
      const pts: Point[] = [
        [b.x1, b.y1],
        [b.x2, b.y1],
        [b.x2, b.y2],
        [b.x1, b.y2],
      ];
      fillPolygon(mask, w, h, pts, 1);
    } else if (o.type === 'polygon' || o.type === 'sam') fillPolygon(mask, w, h, o.points, 1);
    else if (o.type === 'path') strokePath(mask, w, h, o.points, o.width, 1);
    else if (o.type === 'eraser') strokePath(mask, w, h, o.points, o.width, 0);
    else if (o.type === 'rle') paintRle(mask, w, h, o, 1);
  }
  return mask;
}

/**
 * Outer outlines of a binary mask, one polygon per 4-connected component, traced along pixel edges
 * (holes are not traced). Filling an outline gives back its component exactly when it has no holes,
 * and its area equals the component's pixel count.
 */
export function maskToPolygons(mask: Uint8Array, w: number, h: number): Point[][] {
  const label = new Int32Array(w * h);
  const out: Point[][] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    // Flood-fill (4-connected) the component.
    const stack = [start];
    label[start] = next;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w,
        y = (i - x) / w;
      for (const [nx, ny] of [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (mask[j] && !label[j]) {
          label[j] = next;
          stack.push(j);
        }
      }
    }
    out.push(traceOutline(label, w, h, next, start % w, Math.floor(start / w)));
  }
  return out;
}

// Directions right, down, left, up (y grows downwards); the component stays on the right-hand side.
const DIRS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
] as const;

function traceOutline(label: Int32Array, w: number, h: number, id: number, sx: number, sy: number): Point[] {
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && label[y * w + x] === id;
  // The two pixels ahead of vertex (x, y) when moving in direction d: [left, right].
  const ahead = (x: number, y: number, d: number): [boolean, boolean] => {
    switch (d) {
      case 0:
        return [inside(x, y - 1), inside(x, y)];
      case 1:
        return [inside(x, y), inside(x - 1, y)];
      case 2:
        return [inside(x - 1, y), inside(x - 1, y - 1)];
      default:
        return [inside(x - 1, y - 1), inside(x, y - 1)];
    }
  };
  const pts: Point[] = [];
  let x = sx,
    y = sy,
    d = 0;
  do {
    const [left, right] = ahead(x, y, d);
    const nd = !right ? (d + 1) % 4 : left ? (d + 3) % 4 : d;
    if (nd !== d || !pts.length) pts.push([x, y]);
    d = nd;
    x += DIRS[d]![0];
    y += DIRS[d]![1];
    // The start vertex (top-left corner of the component's first pixel) is on the outline once.
  } while (x !== sx || y !== sy);
  return pts;
}
