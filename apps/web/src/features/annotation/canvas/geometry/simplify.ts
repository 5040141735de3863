// Ramer–Douglas–Peucker simplification of a closed outline (magic wand: tolerance 5, count 30).
import type { Point } from '../types';
import { distToSegment } from './shapes';

function rdp(pts: readonly Point[], tol: number): Point[] {
  if (pts.length < 3) return [...pts];
  const keep = new Uint8Array(pts.length);
  keep[0] = 1;
  keep[pts.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let idx = -1;
    let max = tol;
    for (let i = a + 1; i < b; i++) {
      const d = distToSegment(pts[i]!, pts[a]!, pts[b]!);
      if (d > max) {
        max = d;
        idx = i;
      }
    }
    if (idx >= 0) {
      keep[idx] = 1;
      stack.push([a, idx], [idx, b]);
    }
  }
  return pts.filter((_, i) => keep[i] === 1);
}

/**
 * Simplifies a closed outline: outlines with fewer than `count` points are kept as they are (the
 * magic-wand rule), longer ones lose every vertex closer than `tolerance` to the simplified line.
 */
export function simplifyClosed(pts: readonly Point[], tolerance: number, count = 0): Point[] {
  if (pts.length < Math.max(count, 4)) return [...pts];
  // Split the ring at the vertex farthest from the first one so both halves are open polylines.
  let far = 0;
  let farD = -1;
  pts.forEach((p, i) => {
    const d = Math.hypot(p.x - pts[0]!.x, p.y - pts[0]!.y);
    if (d > farD) {
      farD = d;
      far = i;
    }
  });
  const a = rdp(pts.slice(0, far + 1), tolerance);
  const b = rdp([...pts.slice(far), pts[0]!], tolerance);
  return [...a.slice(0, -1), ...b.slice(0, -1)];
}
