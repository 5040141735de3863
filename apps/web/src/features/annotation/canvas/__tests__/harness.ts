// A test harness that drives the Editor like a user (tldraw TestEditor style): chainable pointer
// helpers in image pixels at scale 1 and expectToBeIn('polygon.drawing').
import { expect } from 'vitest';
import { Editor, type EditorOptions } from '../editor';
import type { ImagePixels } from '../geometry/flood';
import type { ToolType } from '../types';

export class TestEditor {
  readonly editor: Editor;
  private mods = { ctrl: false, shift: false, alt: false };

  constructor(opts: EditorOptions & { w?: number; h?: number; pixels?: ImagePixels } = {}) {
    this.editor = new Editor(opts);
    const w = opts.w ?? 200;
    const h = opts.h ?? 100;
    this.editor.setViewSize(w, h);
    this.editor.setImage(w, h, opts.pixels ?? null);
    this.editor.setViewport({ scale: 1, tx: 0, ty: 0 });
    this.editor.setClass('c1');
  }

  tool(t: ToolType): this {
    this.editor.setTool(t);
    return this;
  }

  with(mods: Partial<TestEditor['mods']>): this {
    this.mods = { ctrl: false, shift: false, alt: false, ...mods };
    return this;
  }

  private raw(x: number, y: number, button = 0) {
    return { x, y, button, ...this.mods };
  }

  down(x: number, y: number, button = 0): this {
    this.editor.pointerDown(this.raw(x, y, button));
    return this;
  }

  move(x: number, y: number): this {
    this.editor.pointerMove(this.raw(x, y));
    return this;
  }

  up(x: number, y: number, button = 0): this {
    this.editor.pointerUp(this.raw(x, y, button));
    this.mods = { ctrl: false, shift: false, alt: false };
    return this;
  }

  click(x: number, y: number, button = 0): this {
    return this.down(x, y, button).up(x, y, button);
  }

  drag(x0: number, y0: number, x1: number, y1: number): this {
    return this.down(x0, y0)
      .move((x0 + x1) / 2, (y0 + y1) / 2)
      .move(x1, y1)
      .up(x1, y1);
  }

  key(k: string, ctrl = false, shift = false): this {
    this.editor.key(k, { ctrl, shift });
    return this;
  }

  get shapes() {
    return this.editor.state.shapes;
  }

  expectToBeIn(path: string): this {
    const t = this.editor.tool();
    expect(`${t?.type}.${t?.state}`).toBe(path);
    return this;
  }
}

/** A w × h RGBA image: background grey 100, a filled square of grey 200 at [x0, x1) × [y0, y1). */
export function squareImage(
  w: number,
  h: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): ImagePixels {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = x >= x0 && x < x1 && y >= y0 && y < y1 ? 200 : 100;
      data.set([v, v, v, 255], (y * w + x) * 4);
    }
  return { width: w, height: h, data };
}
