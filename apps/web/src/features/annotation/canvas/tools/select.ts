// Select and edit: press on a vertex of the selected polygon (7 px grab radius) drags it (editing);
// Shift+press on an edge inserts a vertex there; Alt+press on a vertex deletes it (a polygon keeps 3);
// press inside a shape selects it and dragging moves it; Delete removes the selected shape.
import {
  deletePoint,
  hitShape,
  insertPoint,
  movePoint,
  nearestEdge,
  nearestVertex,
  translateShape,
} from '../geometry/shapes';
import { CANVAS_LIMITS, type Point, type Shape } from '../types';
import { BaseTool, type PointerInput } from './tool';

const EDITABLE = new Set(['polygon', 'sam']);

export class SelectTool extends BaseTool {
  readonly type = 'select' as const;
  private vertex = -1;
  private origin: Point | null = null;
  private moved = false;
  private snapshot: Shape | null = null;

  private selected(): Shape | undefined {
    const id = this.ctx.selectedId();
    return id ? this.ctx.shapes().find((s) => s.id === id) : undefined;
  }

  private replace(next: Shape): Shape[] {
    return this.ctx.shapes().map((s) => (s.id === next.id ? next : s));
  }

  override down(e: PointerInput): void {
    if (e.button !== 0) return;
    const radius = CANVAS_LIMITS.polygonPointRadius / this.ctx.scale();
    const sel = this.selected();
    if (sel && EDITABLE.has(sel.type)) {
      const v = nearestVertex(sel.points, e.p, radius);
      if (v >= 0 && e.alt) {
        this.ctx.commit(this.replace({ ...sel, points: deletePoint(sel.points, v) }));
        return;
      }
      if (v >= 0) {
        this.vertex = v;
        this.snapshot = sel;
        this.ctx.begin();
        this.to('editing');
        return;
      }
      const edge = e.shift ? nearestEdge(sel.points, e.p, radius) : -1;
      if (edge >= 0) {
        this.ctx.commit(this.replace({ ...sel, points: insertPoint(sel.points, edge, e.p) }));
        this.vertex = edge + 1;
        this.snapshot = this.selected() ?? null;
        this.ctx.begin();
        this.to('editing');
        return;
      }
    }
    // Topmost shape under the pointer (last drawn first).
    const shapes = this.ctx.shapes();
    let hit: Shape | undefined;
    for (let i = shapes.length - 1; i >= 0; i--)
      if (hitShape(shapes[i]!, e.p, radius / 2)) {
        hit = shapes[i];
        break;
      }
    this.ctx.select(hit?.id ?? null);
    if (hit) {
      this.origin = e.p;
      this.snapshot = hit;
      this.moved = false;
      this.to('pointing');
    }
  }

  override move(e: PointerInput): void {
    if (this.state === 'editing' && this.snapshot && this.vertex >= 0) {
      const cur = this.selected();
      if (cur) this.ctx.preview(this.replace({ ...cur, points: movePoint(cur.points, this.vertex, e.p) }));
      return;
    }
    if ((this.state === 'pointing' || this.state === 'drawing') && this.origin && this.snapshot) {
      if (!this.moved) this.ctx.begin();
      this.moved = true;
      this.ctx.preview(
        this.replace(translateShape(this.snapshot, e.p.x - this.origin.x, e.p.y - this.origin.y)),
      );
      this.to('drawing');
    }
  }

  override up(): void {
    if (this.state === 'editing' || this.moved) this.ctx.finish();
    this.vertex = -1;
    this.origin = null;
    this.snapshot = null;
    this.moved = false;
    if (this.state !== 'idle') this.to('idle');
  }

  override key(key: string): boolean {
    const sel = this.selected();
    if ((key === 'Delete' || key === 'Backspace') && sel) {
      this.ctx.commit(this.ctx.shapes().filter((s) => s.id !== sel.id));
      this.ctx.select(null);
      return true;
    }
    return false;
  }
}
