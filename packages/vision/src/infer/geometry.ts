// Pure geometry kernels: box IoU, NMS, and polygons traced from binary masks.
export interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function boxIou(a: Rect, b: Rect): number {
  const iw = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const ih = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = iw * ih;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy per-class non-maximum suppression; input need not be sorted. */
export function nms<T extends Rect & { score: number; classIndex: number }>(
  boxes: T[],
  iou: number,
  max: number,
): T[] {
  const sorted = [...boxes].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const b of sorted) {
    if (kept.length >= max) break;
    if (kept.every((k) => k.classIndex !== b.classIndex || boxIou(k, b) <= iou)) kept.push(b);
  }
  return kept;
}

/** Connected components (4-neighbour) of mask == value: component pixel lists. */
export function components(mask: Uint8Array, w: number, h: number, value: number): number[][] {
  const seen = new Uint8Array(w * h);
  const out: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (mask[start] !== value || seen[start]) continue;
    const pixels: number[] = [];
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % w;
      const y = (p - x) / w;
      const next = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
      for (const q of next) {
        if (q >= 0 && !seen[q] && mask[q] === value) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    out.push(pixels);
  }
  return out;
}

// Moore-neighbour directions, clockwise starting west.
const DX = [-1, -1, 0, 1, 1, 1, 0, -1];
const DY = [0, -1, -1, -1, 0, 1, 1, 1];

/** Outer boundary of one component (pixel centres), traced clockwise with Moore-neighbour tracing. */
export function traceBoundary(pixels: number[], w: number, h: number): [number, number][] {
  const inside = new Set(pixels);
  const start = Math.min(...pixels); // top-most, then left-most pixel
  const sx = start % w;
  const sy = (start - sx) / w;
  if (pixels.length === 1) return [[sx + 0.5, sy + 0.5]];
  const at = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && inside.has(y * w + x);
  const points: [number, number][] = [[sx, sy]];
  let x = sx;
  let y = sy;
  let dir = 0; // we came from the west (nothing is left of the start pixel)
  for (let guard = 0; guard < pixels.length * 8 + 8; guard++) {
    let found = false;
    for (let k = 0; k < 8; k++) {
      const d = (dir + k) % 8;
      if (at(x + DX[d]!, y + DY[d]!)) {
        x += DX[d]!;
        y += DY[d]!;
        dir = (d + 6) % 8; // restart the search just behind where we came from
        found = true;
        break;
      }
    }
    if (!found || (x === sx && y === sy)) break;
    points.push([x, y]);
  }
  return points.map(([px, py]) => [px + 0.5, py + 0.5]);
}

/** Douglas-Peucker simplification of a closed polygon. */
export function simplify(closed: [number, number][], tolerance: number): [number, number][] {
  if (closed.length <= 3 || tolerance <= 0) return closed;
  // Close the ring so that points on the last edge (back to the start) can be dropped too.
  const points = [...closed, closed[0]!];
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    let best = -1;
    let dist = 0;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const d =
        len === 1 && bx === ax && by === ay
          ? Math.hypot(px - ax, py - ay)
          : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > dist) {
        dist = d;
        best = i;
      }
    }
    if (best >= 0 && dist > tolerance) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return points.filter((_, i) => keep[i]).slice(0, -1);
}
