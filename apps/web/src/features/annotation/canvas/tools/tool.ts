// The tool contract: every tool is a small state machine (idle → pointing → drawing/editing → idle)
// that reads pointer input in image pixels and hands finished work to the editor through ToolContext.
import type { Bitmap } from '../geometry/mask';
import type { ImagePixels } from '../geometry/flood';
import type { MaskData, Point, Rect, Shape, ToolState, ToolType } from '../types';

export interface PointerInput {
  /** image pixels, already clamped to the visible image */
  p: Point;
  /** 0 left, 2 right (context menu) */
  button: number;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
}

export interface SegmentClick {
  x: number;
  y: number;
  /** 1 = positive (left click), 0 = negative (context menu) — SPEC §7 */
  type: 0 | 1;
}

export interface ToolContext {
  /** screen pixels per image pixel */
  scale(): number;
  imageRect(): Rect;
  shapes(): readonly Shape[];
  selectedId(): string | null;
  select(id: string | null): void;
  classId(): string;
  brushSize(): number;
  wandThreshold(): number;
  setWandThreshold(t: number): void;
  newId(): string;
  /** Replaces the shape list as one undoable step. */
  commit(next: Shape[]): void;
  /** Live update without an undo step (point drags); `finish` closes the step started by `begin`. */
  begin(): void;
  preview(next: Shape[]): void;
  finish(): void;
  pixels(): ImagePixels | null;
  segment(clicks: SegmentClick[]): Promise<MaskData | null>;
  error(code: 'regionLimit' | 'segmentUnavailable', detail?: string): void;
  /** Asks the view for a redraw of the active layer. */
  invalidate(): void;
}

export type Draft =
  | { kind: 'rect'; a: Point; b: Point; region?: boolean }
  | { kind: 'ellipse'; c: Point; rx: number; ry: number }
  | { kind: 'polyline'; points: Point[]; cursor: Point | null; closing: boolean }
  | { kind: 'stroke'; points: Point[]; width: number; erase: boolean }
  | { kind: 'selection'; mask: Bitmap; outlines: Point[][]; threshold: number }
  | { kind: 'clicks'; clicks: SegmentClick[]; mask: MaskData | null; busy: boolean };

export interface Tool {
  readonly type: ToolType;
  readonly state: ToolState;
  draft(): Draft | null;
  down(e: PointerInput): void;
  move(e: PointerInput): void;
  up(e: PointerInput): void;
  /** Returns true when the key was used. */
  key(key: string): boolean;
  cancel(): void;
}

/** Shared bookkeeping: the state field and the transition helper. */
export abstract class BaseTool implements Tool {
  abstract readonly type: ToolType;
  state: ToolState = 'idle';

  constructor(protected readonly ctx: ToolContext) {}

  protected to(state: ToolState): void {
    this.state = state;
    this.ctx.invalidate();
  }

  draft(): Draft | null {
    return null;
  }

  down(_e: PointerInput): void {}
  move(_e: PointerInput): void {}
  up(_e: PointerInput): void {}
  key(_key: string): boolean {
    return false;
  }
  cancel(): void {
    this.to('idle');
  }
}
