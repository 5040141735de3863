// Click segmentation ('sam'): left click adds a positive point (type 1), the context menu a negative
// one (type 0); every click re-runs the prompt decoder through ctx.segment. Enter keeps the mask as
// a 'sam' polygon annotation (its largest outline), Escape drops the clicks.
import { maskToBitmap, traceOutlines } from '../geometry/mask';
import { polygonArea } from '../geometry/shapes';
import type { MaskData } from '../types';
import { BaseTool, type Draft, type PointerInput, type SegmentClick } from './tool';

export class SegmentTool extends BaseTool {
  readonly type = 'sam' as const;
  private clicks: SegmentClick[] = [];
  private mask: MaskData | null = null;
  private busy = false;
  private run = 0;
  /** Resolves when the last decoder run has finished (tests and the bench await it). */
  pending: Promise<void> = Promise.resolve();

  override draft(): Draft | null {
    return this.clicks.length
      ? { kind: 'clicks', clicks: this.clicks, mask: this.mask, busy: this.busy }
      : null;
  }

  current(): MaskData | null {
    return this.mask;
  }

  override down(e: PointerInput): void {
    if (e.button !== 0 && e.button !== 2) return;
    this.clicks = [...this.clicks, { x: e.p.x, y: e.p.y, type: e.button === 2 ? 0 : 1 }];
    this.to('editing');
    const run = ++this.run;
    this.busy = true;
    this.pending = this.ctx
      .segment(this.clicks)
      .then((m) => {
        if (run !== this.run) return;
        this.mask = m;
      })
      .catch((err: unknown) =>
        this.ctx.error('segmentUnavailable', err instanceof Error ? err.message : String(err)),
      )
      .finally(() => {
        if (run === this.run) this.busy = false;
        this.ctx.invalidate();
      });
  }

  apply(): boolean {
    const m = this.mask;
    this.reset();
    if (!m) return false;
    const bm = maskToBitmap({ rect: { ...m.rect, x: 0, y: 0 }, bits: m.bits }, m.rect.w, m.rect.h);
    const rings = traceOutlines(bm, 1, 0, 8).sort((a, b) => polygonArea(b) - polygonArea(a));
    const ring = rings[0];
    if (!ring || ring.length < 3) return false;
    const shape = {
      id: this.ctx.newId(),
      type: 'sam' as const,
      classId: this.ctx.classId(),
      points: ring.map((p) => ({ x: p.x + m.rect.x, y: p.y + m.rect.y })),
      erasable: true,
    };
    this.ctx.commit([...this.ctx.shapes(), shape]);
    this.ctx.select(shape.id);
    return true;
  }

  private reset(): void {
    this.run++;
    this.clicks = [];
    this.mask = null;
    this.busy = false;
    this.to('idle');
  }

  override key(key: string): boolean {
    if (!this.clicks.length) return false;
    if (key === 'Enter') {
      // A decoder run still going: keep its mask once it is there.
      if (this.busy) void this.pending.then(() => this.apply());
      else this.apply();
      return true;
    }
    if (key === 'Escape') {
      this.reset();
      return true;
    }
    return false;
  }

  override cancel(): void {
    this.reset();
  }
}
