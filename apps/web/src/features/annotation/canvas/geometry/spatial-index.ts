// A uniform grid over shape bounds: the renderer asks only for shapes in the visible rectangle.
import type { Rect } from '../types';

export class GridIndex<T> {
  private cells = new Map<number, T[]>();
  private readonly cols: number;

  constructor(
    private readonly cell: number,
    width: number,
  ) {
    this.cols = Math.max(1, Math.ceil(width / cell) + 2);
  }

  private key(cx: number, cy: number): number {
    return (cy + 1) * this.cols + (cx + 1);
  }

  insert(item: T, r: Rect): void {
    const [cx0, cy0, cx1, cy1] = this.span(r);
    for (let cy = cy0; cy <= cy1; cy++)
      for (let cx = cx0; cx <= cx1; cx++) {
        const k = this.key(cx, cy);
        const list = this.cells.get(k);
        if (list) list.push(item);
        else this.cells.set(k, [item]);
      }
  }

  /** Items whose cell overlaps r, each once. */
  query(r: Rect): T[] {
    const [cx0, cy0, cx1, cy1] = this.span(r);
    const seen = new Set<T>();
    for (let cy = cy0; cy <= cy1; cy++)
      for (let cx = cx0; cx <= cx1; cx++)
        for (const it of this.cells.get(this.key(cx, cy)) ?? []) seen.add(it);
    return [...seen];
  }

  private span(r: Rect): [number, number, number, number] {
    const c = (v: number) => Math.max(-1, Math.floor(v / this.cell));
    return [Math.min(this.cols - 2, c(r.x)), c(r.y), Math.min(this.cols - 2, c(r.x + r.w)), c(r.y + r.h)];
  }
}
