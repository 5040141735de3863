// The view: stacked Canvas2D layers (image + committed shapes, active shape with handles + cursor).
// A layer redraws on a requestAnimationFrame tick only when marked dirty; committed shapes are drawn
// from a snapshot of what the spatial index finds around the visible rectangle. While the view pans
// and zooms, one canvas is repainted per frame (the image, from a mip level near the zoom, then the
// snapshot over it) and the active layer only when it has something to show: a software compositor
// (no GPU) then blends one changed layer a frame instead of three.
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

export class CanvasView {
  readonly root: HTMLDivElement;
  /** Two canvases: 'image' holds the image and the committed shapes, 'active' the rest. */
  private layers: Record<'image' | 'active', HTMLCanvasElement>;
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
  private snap: {
    canvas: HTMLCanvasElement;
    v: Viewport;
    shapes: readonly Shape[];
    w: number;
    h: number;
  } | null = null;
  private settle: ReturnType<typeof setTimeout> | null = null;
  private job: {
    canvas: HTMLCanvasElement;
    g: CanvasRenderingContext2D;
    v: Viewport;
    shapes: readonly Shape[];
    w: number;
    h: number;
    list: Shape[];
    i: number;
  } | null = null;
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
      background: '#1f2329',
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

  private ctx(layer: 'image' | 'active'): CanvasRenderingContext2D {
    const c = this.layers[layer];
    const g = c.getContext('2d')!;
    const dpr = window.devicePixelRatio || 1;
    const v = this.editor.state.viewport;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, c.width, c.height);
    g.setTransform(v.scale * dpr, 0, 0, v.scale * dpr, v.tx * dpr, v.ty * dpr);
    return g;
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
    // The image and the committed shapes share one canvas: repainted together, blended once.
    if (this.dirty.has('image') || this.dirty.has('shapes')) {
      const g = this.ctx('image');
      if (this.image) {
        g.imageSmoothingEnabled = scale < 2;
        const { src, k } = this.imageFor(scale);
        if (k === 1) g.drawImage(src, 0, 0);
        else g.drawImage(src, 0, 0, this.editor.imageSize().w, this.editor.imageSize().h);
      }
      this.drawShapesLayer(g);
    }
    if (this.dirty.has('active')) {
      const sel = st.selectedId ? st.shapes.find((s) => s.id === st.selectedId) : undefined;
      const draft = this.editor.tool()?.draft();
      const brush = !!this.cursor && (st.tool === 'path' || st.tool === 'eraser');
      const ink = !!sel || !!draft || brush;
      if (ink || this.activeInk) {
        const g = this.ctx('active');
        if (sel) drawHandles(g, sel, scale);
        if (draft) drawDraft(g, draft, this.colorOf(st.classId), scale);
        this.drawBrushCursor(g, brush);
      }
      // An empty active layer is hidden: the compositor then blends one layer, not two.
      if (ink !== this.activeInk || !this.frames)
        this.layers.active.style.visibility = ink ? 'visible' : 'hidden';
      this.activeInk = ink;
    }
    this.dirty.clear();
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
   * The committed shapes are rasterised into a snapshot covering the view plus half a view on each
   * side; while the user pans and zooms the snapshot is transformed (one drawImage per frame whatever
   * the shape count) and it is rendered again, crisp, 150 ms after the view settles, when the shapes
   * change, or when the transformed snapshot no longer covers the view.
   */
  private drawShapesLayer(g: CanvasRenderingContext2D): void {
    const st = this.editor.state;
    const v = st.viewport;
    const { w, h } = this.editor.viewSize();
    const snap = this.snap;
    const fresh = snap && snap.shapes === st.shapes && snap.w === w && snap.h === h;
    // An edit renders at once; a view change that leaves the snapshot short renders in slices.
    if (!fresh) this.renderSnapshot(w, h);
    else if (!this.covers(snap, v, w, h)) this.startJob(w, h);
    else if (snap.v !== v) this.scheduleSettle();
    this.stepJob();
    const s = this.snap!;
    const dpr = window.devicePixelRatio || 1;
    const k = v.scale / s.v.scale;
    g.imageSmoothingEnabled = k !== 1;
    g.setTransform(k, 0, 0, k, (v.tx - (s.v.tx + w / 2) * k) * dpr, (v.ty - (s.v.ty + h / 2) * k) * dpr);
    g.drawImage(s.canvas, 0, 0);
  }

  /** Starts rendering a snapshot for the current view in time slices (large shape counts only). */
  private startJob(w: number, h: number): void {
    const st = this.editor.state;
    if (st.shapes.length < SLICED_FROM) return this.renderSnapshot(w, h);
    if (this.job) return;
    const dpr = window.devicePixelRatio || 1;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(2 * w * dpr));
    canvas.height = Math.max(1, Math.round(2 * h * dpr));
    const g = canvas.getContext('2d')!;
    const v = st.viewport;
    g.setTransform(v.scale * dpr, 0, 0, v.scale * dpr, (v.tx + w / 2) * dpr, (v.ty + h / 2) * dpr);
    const vis = visibleRect(v, w, h);
    const list = this.visibleShapes({
      x: vis.x - vis.w / 2,
      y: vis.y - vis.h / 2,
      w: vis.w * 2,
      h: vis.h * 2,
    });
    this.job = { canvas, g, v, shapes: st.shapes, w, h, list, i: 0 };
  }

  /** Draws the next slice of the running job (about SLICE_MS); swaps the snapshot in when it is done. */
  private stepJob(): void {
    const job = this.job;
    if (!job) return;
    if (job.shapes !== this.editor.state.shapes) {
      this.job = null;
      return;
    }
    const t0 = performance.now();
    while (job.i < job.list.length && performance.now() - t0 < SLICE_MS) {
      drawShapes(job.g, job.list.slice(job.i, job.i + 50), this.colorOf, job.v.scale);
      job.i += 50;
    }
    if (job.i >= job.list.length) {
      this.snap = { canvas: job.canvas, v: job.v, shapes: job.shapes, w: job.w, h: job.h };
      this.job = null;
      this.shapeRenders++;
      this.lastRender = performance.now();
    }
    this.invalidate('shapes');
  }

  private covers(s: NonNullable<CanvasView['snap']>, v: Viewport, w: number, h: number): boolean {
    const k = v.scale / s.v.scale;
    if (k > 2.5 || k < 0.4) return false;
    // The snapshot's screen rectangle under the current view.
    const x0 = v.tx - (s.v.tx + w / 2) * k;
    const y0 = v.ty - (s.v.ty + h / 2) * k;
    const covered = x0 <= 0 && y0 <= 0 && x0 + 2 * w * k >= w && y0 + 2 * h * k >= h;
    // Uncovered edges are tolerated while rendering again would cost more than a frame every 250 ms.
    return covered || performance.now() - this.lastRender < 250;
  }

  private renderSnapshot(w: number, h: number): void {
    const st = this.editor.state;
    const dpr = window.devicePixelRatio || 1;
    const canvas = this.snap?.canvas ?? document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(2 * w * dpr));
    canvas.height = Math.max(1, Math.round(2 * h * dpr));
    const g = canvas.getContext('2d')!;
    const v = st.viewport;
    g.setTransform(v.scale * dpr, 0, 0, v.scale * dpr, (v.tx + w / 2) * dpr, (v.ty + h / 2) * dpr);
    const vis = visibleRect(v, w, h);
    const area = { x: vis.x - vis.w / 2, y: vis.y - vis.h / 2, w: vis.w * 2, h: vis.h * 2 };
    drawShapes(g, this.visibleShapes(area), this.colorOf, v.scale);
    this.snap = { canvas, v, shapes: st.shapes, w, h };
    this.shapeRenders++;
    this.lastRender = performance.now();
  }

  private scheduleSettle(): void {
    if (this.settle) clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      this.settle = null;
      const { w, h } = this.editor.viewSize();
      if (this.editor.state.shapes.length >= SLICED_FROM) this.startJob(w, h);
      else this.snap = null;
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
