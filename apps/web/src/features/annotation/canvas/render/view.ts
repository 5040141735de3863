// The view: the image and the committed shapes are rasterised together into one opaque snapshot
// covering the view plus a margin of half a view on each side. The canvas on screen ('image') shows
// that snapshot with the view's transform: while the user pans and zooms, a frame is one drawImage of
// an opaque bitmap into an opaque canvas (no clear, no blending, whatever the shape count), and the
// snapshot is rendered again, crisp, 150 ms after the view settles, when the shapes or the image
// change, or when the transformed snapshot no longer covers the view (from SLICED_FROM shapes in
// ~6 ms slices into a second snapshot, while the first stays on screen; an edge it does not reach yet
// shows the image without shapes). A second canvas (active: draft, handles of the selection, brush
// cursor) is hidden while it is empty, so a software compositor blends one changed layer a frame.
import type { Editor } from '../editor';
import { GridIndex } from '../geometry/spatial-index';
import { shapeBounds } from '../geometry/shapes';
import { visibleRect, type Viewport } from '../geometry/viewport';
import type { Rect, Shape } from '../types';
import { drawDraft, drawHandles, drawShapes, type ColorOf } from './draw';

type Layer = 'image' | 'shapes' | 'active';
/** A view-change re-render of more shapes than this is drawn in ~6 ms slices over several frames. */
const SLICED_FROM = 200;
const SLICE_MS = 6;
const BACKGROUND = '#1f2329';

interface Snapshot {
  canvas: HTMLCanvasElement;
  /** The view it was rendered for, and the view size and margins (CSS pixels). */
  v: Viewport;
  w: number;
  h: number;
  ox: number;
  oy: number;
  shapes: readonly Shape[];
  image: CanvasImageSource | null;
}

export class CanvasView {
  readonly root: HTMLDivElement;
  /** 'image' shows the image and the committed shapes (from the snapshot), 'active' the rest. */
  private layers: Record<'image' | 'active', HTMLCanvasElement>;
  /** The second snapshot canvas (sliced re-renders are drawn into it, then the two swap). */
  private spare: HTMLCanvasElement | null = null;
  /** The canvas of the latest snapshot (kept when `snap` is dropped, to be drawn into again). */
  private current: HTMLCanvasElement | null = null;
  private dirty = new Set<Layer>();
  private frame = 0;
  private image: CanvasImageSource | null = null;
  /** The image at 1/2, 1/4, … (down to ~512 px), for drawing it zoomed out without reading every pixel. */
  private mips: { k: number; canvas: HTMLCanvasElement }[] = [];
  /** Whether the active layer holds anything (an empty one is not cleared again). */
  private activeInk = true;
  private indexFor: readonly Shape[] | null = null;
  private index = new GridIndex<Shape>(256, 1);
  private cursor: { x: number; y: number } | null = null;
  private resize: ResizeObserver | null = null;
  /** Frames drawn and full shape renders (the bench reads them). */
  frames = 0;
  shapeRenders = 0;
  private snap: Snapshot | null = null;
  private settle: ReturnType<typeof setTimeout> | null = null;
  private job: (Snapshot & { g: CanvasRenderingContext2D; list: Shape[]; i: number }) | null = null;
  private lastRender = 0;

  constructor(
    host: HTMLElement,
    private readonly editor: Editor,
    private readonly colorOf: ColorOf,
  ) {
    this.root = document.createElement('div');
    this.root.className = 'sl-canvas';
    Object.assign(this.root.style, {
      position: 'relative',
      width: '100%',
      height: '100%',
      overflow: 'hidden',
      background: BACKGROUND,
      touchAction: 'none',
    });
    const mk = (name: 'image' | 'active') => {
      const c = document.createElement('canvas');
      c.dataset.layer = name;
      Object.assign(c.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
      this.root.appendChild(c);
      return c;
    };
    this.layers = { image: mk('image'), active: mk('active') };
    host.appendChild(this.root);
    this.syncSize();
    if (typeof ResizeObserver !== 'undefined') {
      this.resize = new ResizeObserver(() => {
        this.syncSize();
        editor.fit();
      });
      this.resize.observe(this.root);
    }
  }

  setImage(img: CanvasImageSource | null): void {
    this.image = img;
    this.mips = [];
    this.invalidate('image');
  }

  /** The mip level to draw at `scale` (built on first use): the smallest one still ≥ the screen size. */
  private imageFor(scale: number): { src: CanvasImageSource; k: number } {
    const img = this.image!;
    const { w, h } = this.editor.imageSize();
    if (scale > 0.5 || Math.max(w, h) < 1024) return { src: img, k: 1 };
    let k = 1;
    let src: CanvasImageSource = img;
    let level = 0;
    while (scale <= k / 4 && Math.max(w, h) * (k / 2) >= 512) {
      k /= 2;
      let m = this.mips[level];
      if (!m) {
        const c = document.createElement('canvas');
        c.width = Math.max(1, Math.round(w * k));
        c.height = Math.max(1, Math.round(h * k));
        const g = c.getContext('2d')!;
        g.imageSmoothingEnabled = true;
        g.imageSmoothingQuality = 'medium';
        g.drawImage(src, 0, 0, c.width, c.height);
        m = this.mips[level] = { k, canvas: c };
      }
      src = m.canvas;
      level++;
    }
    return { src, k };
  }

  setCursor(p: { x: number; y: number } | null): void {
    this.cursor = p;
    this.invalidate('active');
  }

  /** Pixel size of the view (CSS pixels). */
  syncSize(): void {
    const r = this.root.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    for (const c of Object.values(this.layers)) {
      c.width = Math.max(1, Math.round(r.width * dpr));
      c.height = Math.max(1, Math.round(r.height * dpr));
    }
    this.editor.setViewSize(r.width, r.height);
    this.invalidate('image', 'shapes', 'active');
  }

  invalidate(...layers: Layer[]): void {
    for (const l of layers) this.dirty.add(l);
    if (!this.frame && typeof requestAnimationFrame !== 'undefined')
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw();
      });
  }

  private visibleShapes(area: Rect): Shape[] {
    const shapes = this.editor.state.shapes;
    if (this.indexFor !== shapes) {
      const { w } = this.editor.imageSize();
      this.index = new GridIndex<Shape>(256, Math.max(1, w));
      for (const s of shapes) this.index.insert(s, shapeBounds(s));
      this.indexFor = shapes;
    }
    const order = new Map(shapes.map((s, i) => [s, i]));
    return this.index.query(area).sort((a, b) => order.get(a)! - order.get(b)!);
  }

  draw(): void {
    const st = this.editor.state;
    const scale = st.viewport.scale;
    const base = this.dirty.has('image') || this.dirty.has('shapes');
    const active = this.dirty.has('active');
    // Cleared first: a sliced render marks 'shapes' again for its next slice.
    this.dirty.clear();
    if (base) this.drawBase();
    if (active) {
      const sel = st.selectedId ? st.shapes.find((s) => s.id === st.selectedId) : undefined;
      const draft = this.editor.tool()?.draft();
      const brush = !!this.cursor && (st.tool === 'path' || st.tool === 'eraser');
      const ink = !!sel || !!draft || brush;
      if (ink || this.activeInk) {
        const c = this.layers.active;
        const g = c.getContext('2d')!;
        const dpr = window.devicePixelRatio || 1;
        const v = st.viewport;
        g.setTransform(1, 0, 0, 1, 0, 0);
        g.clearRect(0, 0, c.width, c.height);
        g.setTransform(v.scale * dpr, 0, 0, v.scale * dpr, v.tx * dpr, v.ty * dpr);
        if (sel) drawHandles(g, sel, scale);
        if (draft) drawDraft(g, draft, this.colorOf(st.classId), scale);
        this.drawBrushCursor(g, brush);
      }
      // An empty active layer is hidden: the compositor then blends one layer less.
      if (ink !== this.activeInk || !this.frames)
        this.layers.active.style.visibility = ink ? 'visible' : 'hidden';
      this.activeInk = ink;
    }
    this.frames++;
  }

  private drawBrushCursor(g: CanvasRenderingContext2D, on: boolean): void {
    if (!on || !this.cursor) return;
    const st = this.editor.state;
    const scale = st.viewport.scale;
    const { w, h } = this.editor.viewSize();
    g.beginPath();
    g.arc(this.cursor.x, this.cursor.y, st.brushSize / 2, 0, Math.PI * 2);
    g.lineWidth = (0.003 * Math.min(w, h)) / scale + 1 / scale;
    g.strokeStyle = '#ffffff';
    g.stroke();
  }

  /**
   * The image and the committed shapes: rendered into the snapshot when they changed (at once) or
   * when the view left the snapshot (in slices from SLICED_FROM shapes), crisp again 150 ms after the
   * view settles; in between, frames only show the snapshot transformed.
   */
  private drawBase(): void {
    const st = this.editor.state;
    const v = st.viewport;
    const { w, h } = this.editor.viewSize();
    const snap = this.snap;
    const fresh =
      snap && snap.shapes === st.shapes && snap.image === this.image && snap.w === w && snap.h === h;
    if (!fresh) this.renderSnapshot(w, h);
    else if (!this.covers(snap, v, w, h)) this.startJob(w, h);
    else if (snap.v !== v) this.scheduleSettle();
    this.stepJob();
    this.place(v, w, h);
  }

  /**
   * Shows the snapshot under the current view: one drawImage (the snapshot is opaque, the canvas too).
   * Where the snapshot does not reach, the background and the image (mip level) are painted first.
   */
  private place(v: Viewport, w: number, h: number): void {
    const s = this.snap!;
    const c = this.layers.image;
    const g = c.getContext('2d', { alpha: false })!;
    const dpr = window.devicePixelRatio || 1;
    const k = v.scale / s.v.scale;
    const x = v.tx - k * (s.ox + s.v.tx);
    const y = v.ty - k * (s.oy + s.v.ty);
    const covered = x <= 0 && y <= 0 && x + (w + 2 * s.ox) * k >= w && y + (h + 2 * s.oy) * k >= h;
    if (!covered) {
      g.setTransform(1, 0, 0, 1, 0, 0);
      g.fillStyle = BACKGROUND;
      g.fillRect(0, 0, c.width, c.height);
      if (this.image) {
        g.setTransform(v.scale * dpr, 0, 0, v.scale * dpr, v.tx * dpr, v.ty * dpr);
        this.drawImageAt(g, v.scale);
      }
    }
    g.setTransform(k, 0, 0, k, x * dpr, y * dpr);
    g.imageSmoothingEnabled = k !== 1;
    g.drawImage(s.canvas, 0, 0);
  }

  /** Draws the image (the mip level for `scale`) in image coordinates. */
  private drawImageAt(g: CanvasRenderingContext2D, scale: number): void {
    g.imageSmoothingEnabled = scale < 2;
    const { src, k } = this.imageFor(scale);
    const { w, h } = this.editor.imageSize();
    if (k === 1) g.drawImage(src, 0, 0);
    else g.drawImage(src, 0, 0, w, h);
  }

  /** Sizes a snapshot canvas for a view of w × h (plus margins); returns the margins. */
  private prepare(c: HTMLCanvasElement, w: number, h: number): { ox: number; oy: number } {
    const dpr = window.devicePixelRatio || 1;
    const ox = Math.round(w / 2);
    const oy = Math.round(h / 2);
    const cw = w + 2 * ox;
    const ch = h + 2 * oy;
    const bw = Math.max(1, Math.round(cw * dpr));
    const bh = Math.max(1, Math.round(ch * dpr));
    if (c.width !== bw || c.height !== bh) {
      c.width = bw;
      c.height = bh;
    }
    return { ox, oy };
  }

  /** Paints the background and the image of a snapshot; leaves the image→snapshot transform set. */
  private paintImage(c: HTMLCanvasElement, v: Viewport, ox: number, oy: number): CanvasRenderingContext2D {
    const g = c.getContext('2d', { alpha: false })!;
    const dpr = window.devicePixelRatio || 1;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = BACKGROUND;
    g.fillRect(0, 0, c.width, c.height);
    g.setTransform(v.scale * dpr, 0, 0, v.scale * dpr, (v.tx + ox) * dpr, (v.ty + oy) * dpr);
    if (this.image) this.drawImageAt(g, v.scale);
    return g;
  }

  /** The shapes a snapshot for view `v` shows (the view plus the margins). */
  private shapesFor(v: Viewport, w: number, h: number, ox: number, oy: number): Shape[] {
    const vis = visibleRect(v, w, h);
    const mx = ox / v.scale;
    const my = oy / v.scale;
    return this.visibleShapes({ x: vis.x - mx, y: vis.y - my, w: vis.w + 2 * mx, h: vis.h + 2 * my });
  }

  /** Starts rendering a snapshot for the current view in time slices (large shape counts only). */
  private startJob(w: number, h: number): void {
    const st = this.editor.state;
    if (st.shapes.length < SLICED_FROM) return this.renderSnapshot(w, h);
    if (this.job) return;
    const canvas = this.spare ?? document.createElement('canvas');
    this.spare = null;
    const { ox, oy } = this.prepare(canvas, w, h);
    const v = st.viewport;
    const g = this.paintImage(canvas, v, ox, oy);
    const list = this.shapesFor(v, w, h, ox, oy);
    this.job = { canvas, g, v, w, h, ox, oy, shapes: st.shapes, image: this.image, list, i: 0 };
  }

  /** Draws the next slice of the running job (about SLICE_MS); swaps the snapshot in when it is done. */
  private stepJob(): void {
    const job = this.job;
    if (!job) return;
    if (job.shapes !== this.editor.state.shapes || job.image !== this.image) {
      this.spare = job.canvas;
      this.job = null;
      return;
    }
    const t0 = performance.now();
    while (job.i < job.list.length && performance.now() - t0 < SLICE_MS) {
      drawShapes(job.g, job.list.slice(job.i, job.i + 50), this.colorOf, job.v.scale);
      job.i += 50;
    }
    if (job.i >= job.list.length) {
      this.job = null;
      const { canvas, v, w, h, ox, oy, shapes, image } = job;
      this.show({ canvas, v, w, h, ox, oy, shapes, image });
      this.shapeRenders++;
      this.lastRender = performance.now();
    } else this.invalidate('shapes');
  }

  /** Makes a rendered snapshot the current one (the previous one becomes the spare). */
  private show(s: Snapshot): void {
    const old = this.current;
    this.snap = s;
    this.current = s.canvas;
    if (old && old !== s.canvas) this.spare = old;
  }

  private covers(s: Snapshot, v: Viewport, w: number, h: number): boolean {
    const k = v.scale / s.v.scale;
    if (k > 2.5 || k < 0.4) return false;
    // The snapshot's screen rectangle under the current view.
    const x0 = v.tx - (s.v.tx + s.ox) * k;
    const y0 = v.ty - (s.v.ty + s.oy) * k;
    const covered = x0 <= 0 && y0 <= 0 && x0 + (w + 2 * s.ox) * k >= w && y0 + (h + 2 * s.oy) * k >= h;
    // Uncovered edges (they show the image without shapes) are tolerated while rendering again
    // would cost more than a frame every 250 ms.
    return covered || performance.now() - this.lastRender < 250;
  }

  /** Renders the snapshot for the current view at once. */
  private renderSnapshot(w: number, h: number): void {
    const st = this.editor.state;
    if (this.job) {
      this.spare = this.job.canvas;
      this.job = null;
    }
    const canvas = this.current ?? this.spare ?? document.createElement('canvas');
    if (canvas === this.spare) this.spare = null;
    const { ox, oy } = this.prepare(canvas, w, h);
    const v = st.viewport;
    const g = this.paintImage(canvas, v, ox, oy);
    drawShapes(g, this.shapesFor(v, w, h, ox, oy), this.colorOf, v.scale);
    this.show({ canvas, v, w, h, ox, oy, shapes: st.shapes, image: this.image });
    this.shapeRenders++;
    this.lastRender = performance.now();
  }

  private scheduleSettle(): void {
    if (this.settle) clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      this.settle = null;
      const { w, h } = this.editor.viewSize();
      if (this.editor.state.shapes.length >= SLICED_FROM) this.startJob(w, h);
      else this.renderSnapshot(w, h);
      this.invalidate('shapes');
    }, 150);
  }

  destroy(): void {
    if (this.settle) clearTimeout(this.settle);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.resize?.disconnect();
    this.root.remove();
  }
}
