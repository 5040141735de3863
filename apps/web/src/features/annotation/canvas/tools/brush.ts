// Brush (path) and eraser: press starts a stroke, drag extends it, release commits. The brush adds a
// path shape of the current size; the eraser cuts the stroke out of erasable shapes and masks.
import { eraseStroke } from '../geometry/erase';
import { dist } from '../geometry/shapes';
import type { Point } from '../types';
import { BaseTool, type Draft, type PointerInput, type ToolContext } from './tool';

export class BrushTool extends BaseTool {
  readonly type: 'path' | 'eraser';
  private points: Point[] = [];

  constructor(ctx: ToolContext, eraser: boolean) {
    super(ctx);
    this.type = eraser ? 'eraser' : 'path';
  }

  override draft(): Draft | null {
    return this.points.length
      ? { kind: 'stroke', points: this.points, width: this.ctx.brushSize(), erase: this.type === 'eraser' }
      : null;
  }

  override down(e: PointerInput): void {
    if (e.button !== 0) return;
    this.points = [e.p];
    this.to('pointing');
  }

  override move(e: PointerInput): void {
    if (this.state === 'idle') return;
    const last = this.points[this.points.length - 1]!;
    // Keep points at least half a screen pixel apart.
    if (dist(last, e.p) * this.ctx.scale() < 0.5) return;
    this.points.push(e.p);
    this.to('drawing');
  }

  override up(): void {
    if (this.state === 'idle') return;
    const pts = this.points;
    this.points = [];
    this.to('idle');
    const width = this.ctx.brushSize();
    if (this.type === 'path') {
      const shape = {
        id: this.ctx.newId(),
        type: 'path' as const,
        classId: this.ctx.classId(),
        points: pts,
        width,
        erasable: true,
      };
      this.ctx.commit([...this.ctx.shapes(), shape]);
      return;
    }
    const res = eraseStroke(this.ctx.shapes(), pts, width / 2, () => this.ctx.newId());
    if (res.changed) this.ctx.commit(res.shapes);
  }

  override cancel(): void {
    this.points = [];
    super.cancel();
  }
}
