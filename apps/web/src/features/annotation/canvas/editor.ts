// The editor: store + history + tools, DOM-free (the view feeds it pointer input in screen pixels).
// Calls that change shapes are refused in read-only mode; drags are clamped to the visible image.
import { clampPoint } from './geometry/shapes';
import type { ImagePixels } from './geometry/flood';
import { toImage, visibleRect, zoomAt, pan as panBy, fit, type Viewport } from './geometry/viewport';
import { History, Store, initialEditorState, type EditorState } from './store';
import { BrushTool } from './tools/brush';
import { EllipseTool } from './tools/ellipse';
import { MagicWandTool } from './tools/magic-wand';
import { PolygonTool } from './tools/polygon';
import { RectangleTool } from './tools/rectangle';
import { SegmentTool } from './tools/segment';
import { SelectTool } from './tools/select';
import type { PointerInput, SegmentClick, Tool, ToolContext } from './tools/tool';
import { DRAWING_TOOLS, type MaskData, type Point, type Rect, type Shape, type ToolType } from './types';

export type CanvasEvent =
  | { type: 'change'; shapes: readonly Shape[] }
  | { type: 'select'; id: string | null }
  | { type: 'error'; code: 'regionLimit' | 'segmentUnavailable' | 'readOnly'; detail?: string }
  | { type: 'redraw'; layer: 'shapes' | 'active' };

export interface EditorOptions {
  segment?: (clicks: SegmentClick[]) => Promise<MaskData | null>;
  now?: () => number;
}

export interface RawPointer {
  /** screen pixels relative to the view */
  x: number;
  y: number;
  button: number;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
}

let seq = 0;

export class Editor {
  readonly store = new Store<EditorState>(initialEditorState());
  readonly history = new History();
  private listeners = new Set<(e: CanvasEvent) => void>();
  private tools: Record<Exclude<ToolType, 'pan'>, Tool>;
  private image = { w: 0, h: 0 };
  private view = { w: 1, h: 1 };
  private pixels: ImagePixels | null = null;
  private pendingBefore: readonly Shape[] | null = null;
  private panFrom: { x: number; y: number } | null = null;
  segmenter: ((clicks: SegmentClick[]) => Promise<MaskData | null>) | null;

  constructor(opts: EditorOptions = {}) {
    this.segmenter = opts.segment ?? null;
    const ctx = this.context();
    this.tools = {
      select: new SelectTool(ctx),
      rectangle: new RectangleTool(ctx),
      region: new RectangleTool(ctx, true),
      circle: new EllipseTool(ctx, true),
      ellipse: new EllipseTool(ctx, false),
      polygon: new PolygonTool(ctx),
      path: new BrushTool(ctx, false),
      eraser: new BrushTool(ctx, true),
      magicWand: new MagicWandTool(ctx, opts.now),
      sam: new SegmentTool(ctx),
    };
  }

  on(fn: (e: CanvasEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(e: CanvasEvent): void {
    for (const l of [...this.listeners]) l(e);
  }

  get state(): EditorState {
    return this.store.get();
  }

  tool(): Tool | null {
    const t = this.state.tool;
    return t === 'pan' ? null : this.tools[t];
  }

  toolOf<T extends Tool>(type: Exclude<ToolType, 'pan'>): T {
    return this.tools[type] as T;
  }

  private context(): ToolContext {
    return {
      scale: () => this.state.viewport.scale,
      imageRect: () => this.clampRect(),
      shapes: () => this.state.shapes,
      selectedId: () => this.state.selectedId,
      select: (id) => this.select(id),
      classId: () => this.state.classId,
      brushSize: () => this.state.brushSize,
      wandThreshold: () => this.state.wandThreshold,
      setWandThreshold: (t) => this.store.set({ wandThreshold: t }),
      newId: () => `s${Date.now().toString(36)}${(seq++).toString(36)}`,
      commit: (next) => this.commit(next),
      begin: () => {
        this.pendingBefore = this.state.shapes;
      },
      preview: (next) => this.setShapes(next, false),
      finish: () => {
        if (this.pendingBefore && this.pendingBefore !== this.state.shapes) {
          this.history.push(this.pendingBefore);
          this.afterChange();
        }
        this.pendingBefore = null;
      },
      pixels: () => this.pixels,
      segment: (clicks) =>
        this.segmenter ? this.segmenter(clicks) : Promise.reject(new Error('no segmentation model')),
      error: (code, detail) => this.emit({ type: 'error', code, detail }),
      invalidate: () => this.emit({ type: 'redraw', layer: 'active' }),
    };
  }

  // ---- image, view, shapes -------------------------------------------------------------------------

  setImage(w: number, h: number, pixels: ImagePixels | null = null): void {
    this.image = { w, h };
    this.pixels = pixels;
    this.fit();
  }

  imageSize(): { w: number; h: number } {
    return this.image;
  }

  setViewSize(w: number, h: number): void {
    this.view = { w: Math.max(1, w), h: Math.max(1, h) };
  }

  viewSize(): { w: number; h: number } {
    return this.view;
  }

  /** Loads shapes (a new image): no undo step, history cleared. */
  load(shapes: readonly Shape[]): void {
    this.cancel();
    this.history.clear();
    this.store.set({ shapes, selectedId: null, canUndo: false, canRedo: false });
    this.emit({ type: 'redraw', layer: 'shapes' });
  }

  private setShapes(next: readonly Shape[], notify = true): void {
    this.store.set({ shapes: next });
    this.emit({ type: 'redraw', layer: 'shapes' });
    if (notify) this.emit({ type: 'change', shapes: next });
  }

  private afterChange(): void {
    this.store.set({ canUndo: this.history.canUndo, canRedo: this.history.canRedo });
    this.emit({ type: 'change', shapes: this.state.shapes });
  }

  commit(next: readonly Shape[]): boolean {
    if (this.state.readOnly) {
      this.emit({ type: 'error', code: 'readOnly' });
      return false;
    }
    this.history.push(this.state.shapes);
    this.setShapes(next, false);
    this.afterChange();
    return true;
  }

  undo(): void {
    if (this.state.readOnly) return;
    const prev = this.history.undo(this.state.shapes);
    if (prev) {
      this.setShapes(prev, false);
      this.afterChange();
    }
  }

  redo(): void {
    if (this.state.readOnly) return;
    const next = this.history.redo(this.state.shapes);
    if (next) {
      this.setShapes(next, false);
      this.afterChange();
    }
  }

  select(id: string | null): void {
    if (id === this.state.selectedId) return;
    this.store.set({ selectedId: id });
    this.emit({ type: 'select', id });
    this.emit({ type: 'redraw', layer: 'active' });
  }

  deleteSelected(): void {
    const id = this.state.selectedId;
    if (!id || this.state.readOnly) return;
    this.commit(this.state.shapes.filter((s) => s.id !== id));
    this.select(null);
  }

  setTool(tool: ToolType): void {
    if (tool === this.state.tool) return;
    if (this.state.readOnly && DRAWING_TOOLS.includes(tool)) {
      this.emit({ type: 'error', code: 'readOnly' });
      return;
    }
    this.tool()?.cancel();
    this.store.set({ tool, mode: this.modeOf(tool) });
    this.emit({ type: 'redraw', layer: 'active' });
  }

  setReadOnly(readOnly: boolean): void {
    if (readOnly) {
      this.tool()?.cancel();
      this.store.set({ readOnly, tool: 'select', mode: 'readonly' });
    } else this.store.set({ readOnly, mode: this.modeOf(this.state.tool) });
  }

  setClass(classId: string): void {
    this.store.set({ classId });
    const id = this.state.selectedId;
    if (!id || this.state.readOnly) return;
    const sel = this.state.shapes.find((s) => s.id === id);
    if (sel && sel.type !== 'region' && sel.classId !== classId)
      this.commit(this.state.shapes.map((s) => (s.id === id ? { ...s, classId } : s)));
  }

  setBrushSize(size: number): void {
    this.store.set({ brushSize: Math.max(1, Math.min(200, Math.round(size))) });
  }

  private modeOf(tool: ToolType): EditorState['mode'] {
    if (this.state.readOnly) return 'readonly';
    if (tool === 'select') return 'editing';
    return DRAWING_TOOLS.includes(tool) ? 'drawing' : 'idle';
  }

  // ---- viewport --------------------------------------------------------------------------------------

  setViewport(viewport: Viewport): void {
    this.store.set({ viewport });
    this.emit({ type: 'redraw', layer: 'shapes' });
  }

  fit(): void {
    if (this.image.w > 0) this.setViewport(fit(this.image.w, this.image.h, this.view.w, this.view.h));
  }

  zoom(factor: number, at?: Point): void {
    this.setViewport(zoomAt(this.state.viewport, at ?? { x: this.view.w / 2, y: this.view.h / 2 }, factor));
  }

  pan(dx: number, dy: number): void {
    this.setViewport(panBy(this.state.viewport, dx, dy));
  }

  /** The image area a drag may reach: the image ∩ the visible canvas (SPEC §4). */
  clampRect(): Rect {
    const vis = visibleRect(this.state.viewport, this.view.w, this.view.h);
    const x0 = Math.max(0, vis.x);
    const y0 = Math.max(0, vis.y);
    const x1 = Math.min(this.image.w, vis.x + vis.w);
    const y1 = Math.min(this.image.h, vis.y + vis.h);
    return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
  }

  // ---- input -----------------------------------------------------------------------------------------

  private input(e: RawPointer): PointerInput {
    const p = clampPoint(toImage(this.state.viewport, e), this.clampRect());
    return { p, button: e.button, ctrl: e.ctrl, shift: e.shift, alt: e.alt };
  }

  pointerDown(e: RawPointer): void {
    if (e.button === 1 || this.state.tool === 'pan') {
      this.panFrom = { x: e.x, y: e.y };
      return;
    }
    if (this.state.readOnly) {
      // Read-only: selection only, no drawing or editing.
      if (e.button === 0) {
        const sel = this.tools.select;
        const before = this.state.shapes;
        sel.down({ ...this.input(e), alt: false, shift: false });
        sel.up(this.input(e));
        if (before !== this.state.shapes) this.setShapes(before, false);
      }
      return;
    }
    this.tool()?.down(this.input(e));
  }

  pointerMove(e: RawPointer): void {
    if (this.panFrom) {
      this.pan(e.x - this.panFrom.x, e.y - this.panFrom.y);
      this.panFrom = { x: e.x, y: e.y };
      return;
    }
    if (this.state.readOnly) return;
    this.tool()?.move(this.input(e));
  }

  pointerUp(e: RawPointer): void {
    if (this.panFrom) {
      this.panFrom = null;
      return;
    }
    if (this.state.readOnly) return;
    this.tool()?.up(this.input(e));
  }

  /** Keys the canvas owns (tool keys first, then undo/redo/zoom). Returns true when used. */
  key(
    key: string,
    mods: { ctrl: boolean; shift: boolean; code?: string } = { ctrl: false, shift: false },
  ): boolean {
    if (mods.ctrl && (key === 'z' || key === 'Z')) {
      if (mods.shift) this.redo();
      else this.undo();
      return true;
    }
    if (mods.ctrl && (key === 'y' || key === 'Y')) {
      this.redo();
      return true;
    }
    if (mods.code === 'NumpadAdd' || (mods.ctrl && (key === '+' || key === '='))) {
      this.zoom(1.25);
      return true;
    }
    if (mods.code === 'NumpadSubtract' || (mods.ctrl && key === '-')) {
      this.zoom(0.8);
      return true;
    }
    if (this.state.readOnly) return false;
    if (this.tool()?.key(key)) return true;
    // Delete removes the selected shape whatever the tool (Backspace too when the tool has no use for it).
    if ((key === 'Delete' || key === 'Backspace') && this.state.selectedId) {
      this.deleteSelected();
      return true;
    }
    return false;
  }

  cancel(): void {
    for (const t of Object.values(this.tools)) t.cancel();
  }
}
