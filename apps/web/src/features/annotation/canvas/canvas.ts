// AnnotationCanvas: the one facade the UI uses (CVAT canvas.ts style). See README.md for the methods,
// the events and the calls legal in each mode.
import { Editor, type CanvasEvent, type EditorOptions } from './editor';
import type { ImagePixels } from './geometry/flood';
import { toImage } from './geometry/viewport';
import { CanvasView } from './render/view';
import type { EditorState, Store } from './store';
import type { SegmentClick } from './tools/tool';
import type { MaskData, Shape, ToolType } from './types';

export interface AnnotationCanvasOptions extends EditorOptions {
  colorOf?: (classId: string) => string;
}

export class AnnotationCanvas {
  private readonly editor: Editor;
  private readonly view: CanvasView;
  private offs: Array<() => void> = [];
  private loadSeq = 0;

  constructor(host: HTMLElement, opts: AnnotationCanvasOptions = {}) {
    this.editor = new Editor(opts);
    this.view = new CanvasView(host, this.editor, opts.colorOf ?? (() => '#fa5252'));
    this.offs.push(
      this.editor.on((e) => {
        if (e.type === 'redraw') this.view.invalidate(e.layer, 'active');
      }),
      this.editor.store.subscribe((s, prev) => {
        if (s.viewport !== prev.viewport) this.view.invalidate('image', 'shapes', 'active');
      }),
    );
    this.bindPointer(this.view.root);
  }

  // ---- content ---------------------------------------------------------------------------------------

  /** Loads an image (URL or element); resolves once it is drawn and its pixels are readable. */
  async setImage(src: string | HTMLImageElement | ImageBitmap): Promise<void> {
    const seq = ++this.loadSeq;
    const img = typeof src === 'string' ? await loadImage(src) : src;
    if (seq !== this.loadSeq) return;
    const w = 'naturalWidth' in img ? img.naturalWidth : img.width;
    const h = 'naturalHeight' in img ? img.naturalHeight : img.height;
    this.view.syncSize();
    this.editor.setImage(w, h, readPixels(img, w, h));
    this.view.setImage(img);
  }

  setShapes(shapes: readonly Shape[]): void {
    this.editor.load(shapes);
  }

  shapes(): readonly Shape[] {
    return this.editor.state.shapes;
  }

  // ---- modes and tools -------------------------------------------------------------------------------

  setTool(tool: ToolType): void {
    this.editor.setTool(tool);
  }

  setClass(classId: string): void {
    this.editor.setClass(classId);
  }

  setReadOnly(readOnly: boolean): void {
    this.editor.setReadOnly(readOnly);
  }

  setBrushSize(size: number): void {
    this.editor.setBrushSize(size);
  }

  setSegmenter(fn: ((clicks: SegmentClick[]) => Promise<MaskData | null>) | null): void {
    this.editor.segmenter = fn;
  }

  undo(): void {
    this.editor.undo();
  }

  redo(): void {
    this.editor.redo();
  }

  deleteSelected(): void {
    this.editor.deleteSelected();
  }

  select(id: string | null): void {
    this.editor.select(id);
  }

  zoom(factor: number): void {
    this.editor.zoom(factor);
  }

  fit(): void {
    this.editor.fit();
  }

  /** Enter / Escape / Backspace / Delete for tools, Ctrl+Z/Y, keypad ±. Returns true when used. */
  handleKey(e: KeyboardEvent): boolean {
    const used = this.editor.key(e.key, { ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey, code: e.code });
    if (used) e.preventDefault();
    return used;
  }

  // ---- observation -----------------------------------------------------------------------------------

  get store(): Store<EditorState> {
    return this.editor.store;
  }

  on<T extends CanvasEvent['type']>(type: T, fn: (e: Extract<CanvasEvent, { type: T }>) => void): () => void {
    const off = this.editor.on((e) => {
      if (e.type === type) fn(e as Extract<CanvasEvent, { type: T }>);
    });
    this.offs.push(off);
    return off;
  }

  /** For tests and the bench: the editor behind the facade and the frame counter. */
  get internals(): { editor: Editor; view: CanvasView } {
    return { editor: this.editor, view: this.view };
  }

  destroy(): void {
    for (const off of this.offs) off();
    this.editor.cancel();
    this.view.destroy();
  }

  // ---- DOM input -------------------------------------------------------------------------------------

  private bindPointer(el: HTMLElement): void {
    const raw = (e: PointerEvent | MouseEvent) => {
      const r = el.getBoundingClientRect();
      return {
        x: e.clientX - r.left,
        y: e.clientY - r.top,
        button: e.button,
        ctrl: e.ctrlKey || e.metaKey,
        shift: e.shiftKey,
        alt: e.altKey,
      };
    };
    const down = (e: PointerEvent) => {
      if (e.button === 2) return; // the context menu handler sends the right click
      el.setPointerCapture?.(e.pointerId);
      this.editor.pointerDown(raw(e));
    };
    const move = (e: PointerEvent) => {
      const p = raw(e);
      this.view.setCursor(toImage(this.editor.state.viewport, p));
      this.editor.pointerMove(p);
    };
    const up = (e: PointerEvent) => {
      if (e.button === 2) return;
      this.editor.pointerUp(raw(e));
    };
    const menu = (e: MouseEvent) => {
      e.preventDefault();
      const p = { ...raw(e), button: 2 };
      this.editor.pointerDown(p);
      this.editor.pointerUp(p);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = raw(e);
      if (e.ctrlKey || e.metaKey) this.editor.zoom(Math.exp(-e.deltaY * 0.0015), p);
      else this.editor.pan(-e.deltaX, -e.deltaY);
    };
    const leave = () => this.view.setCursor(null);
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('contextmenu', menu);
    el.addEventListener('wheel', wheel, { passive: false });
    el.addEventListener('pointerleave', leave);
    this.offs.push(() => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('contextmenu', menu);
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('pointerleave', leave);
    });
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`cannot load image ${src}`));
    img.src = src;
  });
}

function readPixels(img: CanvasImageSource, w: number, h: number): ImagePixels | null {
  try {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const g = c.getContext('2d', { willReadFrequently: true });
    if (!g) return null;
    g.drawImage(img, 0, 0);
    return { width: w, height: h, data: g.getImageData(0, 0, w, h).data };
  } catch {
    return null; // a tainted canvas: the magic wand stays unavailable
  }
}

export type { CanvasEvent } from './editor';
export type { SegmentClick } from './tools/tool';
export type { EditorState } from './store';
export * from './types';
