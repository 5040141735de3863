// Magic wand: a left press selects by colour from the pressed pixel (threshold 15; on a grainy real image
// the seed colour is the median around the press and noise pinholes are filled); dragging changes the
// threshold within 1–255; with Ctrl the new region is added to the previous selection. The outline is
// re-traced at most every 300 ms while dragging. Enter turns the selection into a mask shape, Escape drops it.
import { dragThreshold, floodSelect } from '../geometry/flood';
import { cropToMask, fillSmallHoles, traceOutlines, unionInto, type Bitmap } from '../geometry/mask';
import { CANVAS_LIMITS as L, type Point } from '../types';
import { BaseTool, type Draft, type PointerInput, type ToolContext } from './tool';

export class MagicWandTool extends BaseTool {
  readonly type = 'magicWand' as const;
  private base: Bitmap | null = null;
  private current: Bitmap | null = null;
  private outlines: Point[][] = [];
  private seed: Point | null = null;
  private startThreshold: number = L.wandThreshold;
  private outlineAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    ctx: ToolContext,
    private readonly now: () => number = () => Date.now(),
  ) {
    super(ctx);
  }

  override draft(): Draft | null {
    return this.current
      ? {
          kind: 'selection',
          mask: this.current,
          outlines: this.outlines,
          threshold: this.ctx.wandThreshold(),
        }
      : null;
  }

  /** The selection so far (for tests and the view). */
  selection(): Bitmap | null {
    return this.current;
  }

  override down(e: PointerInput): void {
    if (e.button !== 0) return;
    const img = this.ctx.pixels();
    if (!img) return;
    this.base = e.ctrl && this.current ? { ...this.current, bits: this.current.bits.slice() } : null;
    this.seed = e.p;
    this.startThreshold = this.ctx.wandThreshold();
    this.select(this.startThreshold, true);
    this.to('pointing');
  }

  override move(e: PointerInput): void {
    if (!this.seed || (this.state !== 'pointing' && this.state !== 'drawing')) return;
    const t = dragThreshold(
      this.startThreshold,
      e.p.x - this.seed.x,
      e.p.y - this.seed.y,
      L.wandThresholdMin,
      L.wandThresholdMax,
    );
    this.to('drawing');
    if (t !== this.ctx.wandThreshold()) {
      this.ctx.setWandThreshold(t);
      this.select(t, false);
    }
  }

  override up(): void {
    if (!this.seed) return;
    this.seed = null;
    this.refreshOutline();
    this.to(this.current ? 'editing' : 'idle');
  }

  private select(threshold: number, outlineNow: boolean): void {
    const img = this.ctx.pixels()!;
    const sel = floodSelect(img, this.seed!.x, this.seed!.y, threshold, L.wandSeedRadius);
    fillSmallHoles(sel, L.wandPinholeArea);
    this.current = this.base ? unionInto({ ...this.base, bits: this.base.bits.slice() }, sel) : sel;
    if (outlineNow || this.now() - this.outlineAt >= L.wandOutlineRefreshMs) this.refreshOutline();
    else if (!this.timer)
      this.timer = setTimeout(() => {
        this.timer = null;
        this.refreshOutline();
      }, L.wandOutlineRefreshMs);
    this.ctx.invalidate();
  }

  private refreshOutline(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.outlineAt = this.now();
    this.outlines = this.current ? traceOutlines(this.current, 0, 0, 1) : [];
    this.ctx.invalidate();
  }

  /** Commits the selection as a mask shape. */
  apply(): boolean {
    const mask = this.current ? cropToMask(this.current) : null;
    this.clear();
    if (!mask) return false;
    const shape = {
      id: this.ctx.newId(),
      type: 'mask' as const,
      classId: this.ctx.classId(),
      points: [],
      mask,
      erasable: true,
    };
    this.ctx.commit([...this.ctx.shapes(), shape]);
    this.ctx.select(shape.id);
    return true;
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.current = this.base = null;
    this.outlines = [];
    this.seed = null;
    this.to('idle');
  }

  override key(key: string): boolean {
    if (key === 'Enter' && this.current) return this.apply();
    if (key === 'Escape' && this.current) {
      this.clear();
      return true;
    }
    return false;
  }

  override cancel(): void {
    this.clear();
  }
}
