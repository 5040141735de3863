// Editor state outside React: a tiny observable store (CVAT's model / tldraw's atoms in spirit).
// React reads it through useEditorState (useSyncExternalStore); the canvas view subscribes directly.
import type { Mode, Shape, ToolType } from './types';
import { CANVAS_LIMITS } from './types';
import type { Viewport } from './geometry/viewport';

export interface EditorState {
  shapes: readonly Shape[];
  selectedId: string | null;
  tool: ToolType;
  mode: Mode;
  readOnly: boolean;
  classId: string;
  brushSize: number;
  wandThreshold: number;
  viewport: Viewport;
  canUndo: boolean;
  canRedo: boolean;
}

export const initialEditorState = (): EditorState => ({
  shapes: [],
  selectedId: null,
  tool: 'select',
  mode: 'idle',
  readOnly: false,
  classId: '',
  brushSize: 12,
  wandThreshold: CANVAS_LIMITS.wandThreshold,
  viewport: { scale: 1, tx: 0, ty: 0 },
  canUndo: false,
  canRedo: false,
});

export class Store<S extends object> {
  private listeners = new Set<(s: S, prev: S) => void>();

  constructor(private state: S) {}

  get = (): S => this.state;

  set(patch: Partial<S>): void {
    const prev = this.state;
    let changed = false;
    for (const k of Object.keys(patch) as Array<keyof S>) if (patch[k] !== prev[k]) changed = true;
    if (!changed) return;
    this.state = { ...prev, ...patch };
    for (const l of [...this.listeners]) l(this.state, prev);
  }

  subscribe = (fn: (s: S, prev: S) => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
}

/** Undo/redo over immutable shape lists (at most `limit` steps kept). */
export class History {
  private past: Array<readonly Shape[]> = [];
  private future: Array<readonly Shape[]> = [];

  constructor(private readonly limit = 200) {}

  push(before: readonly Shape[]): void {
    this.past.push(before);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  undo(current: readonly Shape[]): readonly Shape[] | null {
    const prev = this.past.pop();
    if (!prev) return null;
    this.future.push(current);
    return prev;
  }

  redo(current: readonly Shape[]): readonly Shape[] | null {
    const next = this.future.pop();
    if (!next) return null;
    this.past.push(current);
    return next;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
