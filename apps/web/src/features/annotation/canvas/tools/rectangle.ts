// Rectangle (and target region): idle → pointing on press → drawing while dragged → commit on release.
// A box under 10 px in width or height at release is dropped (SPEC §4); regions stop at 10 (SPEC §5).
import { rectFromCorners } from '../geometry/shapes';
import { CANVAS_LIMITS, type Point } from '../types';
import { BaseTool, type Draft, type PointerInput, type ToolContext } from './tool';

export class RectangleTool extends BaseTool {
  readonly type: 'rectangle' | 'region';
  private a: Point | null = null;
  private b: Point | null = null;

  constructor(ctx: ToolContext, region = false) {
    super(ctx);
    this.type = region ? 'region' : 'rectangle';
  }

  override draft(): Draft | null {
    return this.a && this.b && this.state === 'drawing'
      ? { kind: 'rect', a: this.a, b: this.b, region: this.type === 'region' }
      : null;
  }

  override down(e: PointerInput): void {
    if (e.button !== 0) return;
    if (
      this.type === 'region' &&
      this.ctx.shapes().filter((s) => s.type === 'region').length >= CANVAS_LIMITS.maxRegions
    ) {
      this.ctx.error('regionLimit');
      return;
    }
    this.a = e.p;
    this.b = e.p;
    this.to('pointing');
  }

  override move(e: PointerInput): void {
    if (this.state === 'idle' || !this.a) return;
    this.b = e.p;
    this.to('drawing');
  }

  override up(e: PointerInput): void {
    if (this.state === 'idle' || !this.a) return;
    const r = rectFromCorners(this.a, e.p);
    this.a = this.b = null;
    this.to('idle');
    if (r.w < CANVAS_LIMITS.rectangleDropPx || r.h < CANVAS_LIMITS.rectangleDropPx) return;
    const shape = {
      id: this.ctx.newId(),
      type: this.type,
      classId: this.type === 'region' ? '' : this.ctx.classId(),
      points: [
        { x: r.x, y: r.y },
        { x: r.x + r.w, y: r.y + r.h },
      ],
      erasable: this.type !== 'region',
    };
    this.ctx.commit([...this.ctx.shapes(), shape]);
    this.ctx.select(shape.id);
  }

  override cancel(): void {
    this.a = this.b = null;
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
