// Pure geometry kernels over points and shapes: data in, data out.
import type { Point, Rect, Shape } from '../types';

export const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

export function rectFromCorners(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
}

export function clampPoint(p: Point, r: Rect): Point {
  return { x: Math.min(r.x + r.w, Math.max(r.x, p.x)), y: Math.min(r.y + r.h, Math.max(r.y, p.y)) };
}

export function boundsOf(points: readonly Point[]): Rect {
  if (points.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    if (p.x < x0) x0 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.x > x1) x1 = p.x;
    if (p.y > y1) y1 = p.y;
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}

export function inflate(r: Rect, d: number): Rect {
  return { x: r.x - d, y: r.y - d, w: r.w + 2 * d, h: r.h + 2 * d };
}

/** Bounding box of any shape in image pixels. */
export function shapeBounds(s: Shape): Rect {
  switch (s.type) {
    case 'circle':
    case 'ellipse': {
      const [c, r] = s.points as [Point, Point];
      return { x: c.x - r.x, y: c.y - r.y, w: 2 * r.x, h: 2 * r.y };
    }
    case 'mask':
      return s.mask ? s.mask.rect : boundsOf(s.points);
    case 'path':
      return inflate(boundsOf(s.points), (s.width ?? 1) / 2);
    default:
      return boundsOf(s.points);
  }
}

/** Ellipse outline as a polygon of n vertices (circle: rx = ry). */
export function ellipseToPolygon(c: Point, rx: number, ry: number, n = 48): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    out.push({ x: c.x + rx * Math.cos(t), y: c.y + ry * Math.sin(t) });
  }
  return out;
}

export function rectToPolygon(r: Rect): Point[] {
  return [
    { x: r.x, y: r.y },
    { x: r.x + r.w, y: r.y },
    { x: r.x + r.w, y: r.y + r.h },
    { x: r.x, y: r.y + r.h },
  ];
}

/** The closed outline of a vector shape (paths and masks have none). */
export function shapeOutline(s: Shape): Point[] | null {
  switch (s.type) {
    case 'rectangle':
    case 'region':
      return rectToPolygon(rectFromCorners(s.points[0]!, s.points[1]!));
    case 'circle':
    case 'ellipse':
      return ellipseToPolygon(s.points[0]!, s.points[1]!.x, s.points[1]!.y);
    case 'polygon':
    case 'sam':
      return s.points;
    default:
      return null;
  }
}

export function polygonArea(pts: readonly Point[]): number {
  let a = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    a += (pts[j]!.x + pts[i]!.x) * (pts[j]!.y - pts[i]!.y);
  return Math.abs(a) / 2;
}

export function pointInPolygon(p: Point, pts: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i]!;
    const b = pts[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function distToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Index of the vertex within `radius` of p (closest first), or -1. */
export function nearestVertex(pts: readonly Point[], p: Point, radius: number): number {
  let best = -1;
  let bestD = radius;
  pts.forEach((q, i) => {
    const d = dist(p, q);
    if (d <= bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** Index of the closed-polygon edge (i → i+1) within `radius` of p, or -1. */
export function nearestEdge(pts: readonly Point[], p: Point, radius: number): number {
  let best = -1;
  let bestD = radius;
  for (let i = 0; i < pts.length; i++) {
    const d = distToSegment(p, pts[i]!, pts[(i + 1) % pts.length]!);
    if (d <= bestD) {
      best = i;
      bestD = d;
    }
  }
  return best;
}

export function insertPoint(pts: readonly Point[], edge: number, p: Point): Point[] {
  return [...pts.slice(0, edge + 1), p, ...pts.slice(edge + 1)];
}

/** Removes a vertex; a polygon keeps at least 3. */
export function deletePoint(pts: readonly Point[], index: number): Point[] {
  if (pts.length <= 3) return [...pts];
  return pts.filter((_, i) => i !== index);
}

export function movePoint(pts: readonly Point[], index: number, p: Point): Point[] {
  return pts.map((q, i) => (i === index ? p : q));
}

/** Whether the shape contains p (paths: within half their width; masks: a set bit). */
export function hitShape(s: Shape, p: Point, tolerance = 0): boolean {
  if (s.type === 'path') {
    const r = (s.width ?? 1) / 2 + tolerance;
    for (let i = 0; i < s.points.length - 1; i++)
      if (distToSegment(p, s.points[i]!, s.points[i + 1]!) <= r) return true;
    return s.points.length === 1 && dist(p, s.points[0]!) <= r;
  }
  if (s.type === 'mask' && s.mask) {
    const { rect, bits } = s.mask;
    const x = Math.floor(p.x - rect.x);
    const y = Math.floor(p.y - rect.y);
    return x >= 0 && y >= 0 && x < rect.w && y < rect.h && bits[y * rect.w + x] === 1;
  }
  const outline = shapeOutline(s);
  return outline ? pointInPolygon(p, outline) : false;
}

export function translateShape(s: Shape, dx: number, dy: number): Shape {
  const move = (p: Point): Point => ({ x: p.x + dx, y: p.y + dy });
  if (s.type === 'circle' || s.type === 'ellipse')
    return { ...s, points: [move(s.points[0]!), s.points[1]!] };
  const next: Shape = { ...s, points: s.points.map(move) };
  if (s.mask)
    next.mask = { ...s.mask, rect: { ...s.mask.rect, x: s.mask.rect.x + dx, y: s.mask.rect.y + dy } };
  return next;
}
