// Polygon: each click adds a vertex (idle → drawing); clicking the first vertex again (within the 7 px
// point radius) or Enter closes it, Backspace removes the last vertex, Escape drops the draft.
import { dist } from '../geometry/shapes';
import { CANVAS_LIMITS, type Point } from '../types';
import { BaseTool, type Draft, type PointerInput } from './tool';

export class PolygonTool extends BaseTool {
  readonly type = 'polygon' as const;
  private points: Point[] = [];
  private cursor: Point | null = null;

  private nearFirst(p: Point): boolean {
    return (
      this.points.length >= 3 &&
      dist(p, this.points[0]!) <= CANVAS_LIMITS.polygonPointRadius / this.ctx.scale()
    );
  }

  override draft(): Draft | null {
    if (this.points.length === 0) return null;
    return {
      kind: 'polyline',
      points: this.points,
      cursor: this.cursor,
      closing: !!this.cursor && this.nearFirst(this.cursor),
    };
  }

  override down(e: PointerInput): void {
    if (e.button !== 0) return;
    if (this.nearFirst(e.p)) {
      this.close();
      return;
    }
    this.points = [...this.points, e.p];
    this.to('drawing');
  }

  override move(e: PointerInput): void {
    this.cursor = e.p;
    if (this.state === 'drawing') this.ctx.invalidate();
  }

  private close(): void {
    const pts = this.points;
    this.points = [];
    this.to('idle');
    if (pts.length < 3) return;
    const shape = {
      id: this.ctx.newId(),
      type: 'polygon' as const,
      classId: this.ctx.classId(),
      points: pts,
      erasable: true,
    };
    this.ctx.commit([...this.ctx.shapes(), shape]);
    this.ctx.select(shape.id);
  }

  override key(key: string): boolean {
    if (this.state !== 'drawing') return false;
    if (key === 'Enter') this.close();
    else if (key === 'Escape') this.cancel();
    else if (key === 'Backspace') {
      this.points = this.points.slice(0, -1);
      this.to(this.points.length ? 'drawing' : 'idle');
    } else return false;
    return true;
  }

  override cancel(): void {
    this.points = [];
    super.cancel();
  }
}
