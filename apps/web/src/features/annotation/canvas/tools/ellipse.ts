// Circle and ellipse: press at the centre, drag out the radius (circle: equal radii), release to commit.
import { dist } from '../geometry/shapes';
import type { Point } from '../types';
import { BaseTool, type Draft, type PointerInput, type ToolContext } from './tool';

const MIN_RADIUS = 2;

export class EllipseTool extends BaseTool {
  readonly type: 'circle' | 'ellipse';
  private c: Point | null = null;
  private r = { x: 0, y: 0 };

  constructor(ctx: ToolContext, circle: boolean) {
    super(ctx);
    this.type = circle ? 'circle' : 'ellipse';
  }

  private radii(p: Point): { x: number; y: number } {
    const c = this.c!;
    if (this.type === 'circle') {
      const d = dist(c, p);
      return { x: d, y: d };
    }
    return { x: Math.abs(p.x - c.x), y: Math.abs(p.y - c.y) };
  }

  override draft(): Draft | null {
    return this.c && this.state === 'drawing'
      ? { kind: 'ellipse', c: this.c, rx: this.r.x, ry: this.r.y }
      : null;
  }

  override down(e: PointerInput): void {
    if (e.button !== 0) return;
    this.c = e.p;
    this.r = { x: 0, y: 0 };
    this.to('pointing');
  }

  override move(e: PointerInput): void {
    if (!this.c || this.state === 'idle') return;
    this.r = this.radii(e.p);
    this.to('drawing');
  }

  override up(e: PointerInput): void {
    if (!this.c || this.state === 'idle') return;
    const c = this.c;
    const r = this.radii(e.p);
    this.c = null;
    this.to('idle');
    if (r.x < MIN_RADIUS || r.y < MIN_RADIUS) return;
    const shape = {
      id: this.ctx.newId(),
      type: this.type,
      classId: this.ctx.classId(),
      points: [c, r],
      erasable: true,
    };
    this.ctx.commit([...this.ctx.shapes(), shape]);
    this.ctx.select(shape.id);
  }

  override cancel(): void {
    this.c = null;
    super.cancel();
  }

  override key(key: string): boolean {
    if (key === 'Escape' && this.state !== 'idle') {
      this.cancel();
      return true;
    }
    return false;
  }
}
