import { describe, expect, it, vi } from 'vitest';
import { countBits } from '../geometry/mask';
import type { MagicWandTool } from '../tools/magic-wand';
import type { SegmentTool } from '../tools/segment';
import { TestEditor, squareImage } from './harness';

describe('rectangle tool', () => {
  it('goes idle → pointing → drawing → idle and commits a box', () => {
    const t = new TestEditor().tool('rectangle');
    t.expectToBeIn('rectangle.idle').down(10, 10).expectToBeIn('rectangle.pointing');
    t.move(40, 30).expectToBeIn('rectangle.drawing').up(40, 30).expectToBeIn('rectangle.idle');
    expect(t.shapes).toHaveLength(1);
    expect(t.shapes[0]).toMatchObject({
      type: 'rectangle',
      classId: 'c1',
      points: [
        { x: 10, y: 10 },
        { x: 40, y: 30 },
      ],
    });
  });

  it('drops a box under 10 px at release', () => {
    const t = new TestEditor().tool('rectangle').drag(10, 10, 19, 60).drag(10, 10, 60, 15);
    expect(t.shapes).toHaveLength(0);
    t.drag(10, 10, 20, 20);
    expect(t.shapes).toHaveLength(1);
  });

  it('clamps a drag to the visible image', () => {
    const t = new TestEditor({ w: 200, h: 100 }).tool('rectangle').drag(150, 50, 500, 400);
    expect(t.shapes[0]!.points[1]).toEqual({ x: 200, y: 100 });
  });
});

describe('circle and ellipse tools', () => {
  it('draws a circle with equal radii and an ellipse with its own', () => {
    const t = new TestEditor()
      .tool('circle')
      .down(50, 50)
      .move(60, 50)
      .expectToBeIn('circle.drawing')
      .up(50, 70);
    expect(t.shapes[0]).toMatchObject({
      type: 'circle',
      points: [
        { x: 50, y: 50 },
        { x: 20, y: 20 },
      ],
    });
    t.tool('ellipse').drag(100, 50, 130, 60);
    expect(t.shapes[1]).toMatchObject({
      type: 'ellipse',
      points: [
        { x: 100, y: 50 },
        { x: 30, y: 10 },
      ],
    });
  });
});

describe('polygon tool', () => {
  it('closes when the first point is clicked again', () => {
    const t = new TestEditor().tool('polygon').click(10, 10).expectToBeIn('polygon.drawing');
    t.click(50, 10).click(50, 50).click(10, 50);
    expect(t.shapes).toHaveLength(0);
    t.click(13, 12).expectToBeIn('polygon.idle');
    expect(t.shapes).toHaveLength(1);
    expect(t.shapes[0]!.points).toHaveLength(4);
  });

  it('removes the last point with Backspace and drops the draft with Escape', () => {
    const t = new TestEditor().tool('polygon').click(10, 10).click(50, 10).key('Backspace').key('Backspace');
    t.expectToBeIn('polygon.idle').click(10, 10).click(50, 10).click(50, 50).key('Escape');
    expect(t.shapes).toHaveLength(0);
    t.click(10, 10).click(50, 10).click(50, 50).key('Enter');
    expect(t.shapes).toHaveLength(1);
  });
});

describe('select tool: point editing', () => {
  const withSquare = () => {
    const t = new TestEditor()
      .tool('polygon')
      .click(10, 10)
      .click(50, 10)
      .click(50, 50)
      .click(10, 50)
      .click(10, 10);
    return t.tool('select');
  };

  it('drags a vertex within the 7 px grab radius as one undo step', () => {
    const t = withSquare();
    t.down(55, 54).expectToBeIn('select.editing').move(70, 70).up(70, 70).expectToBeIn('select.idle');
    expect(t.shapes[0]!.points[2]).toEqual({ x: 70, y: 70 });
    t.key('z', true);
    expect(t.shapes[0]!.points[2]).toEqual({ x: 50, y: 50 });
    t.key('z', true, true);
    expect(t.shapes[0]!.points[2]).toEqual({ x: 70, y: 70 });
  });

  it('inserts a point on an edge with Shift and deletes one with Alt', () => {
    const t = withSquare();
    t.with({ shift: true }).down(30, 11).up(30, 11);
    expect(t.shapes[0]!.points).toHaveLength(5);
    t.with({ alt: true }).click(30, 11);
    expect(t.shapes[0]!.points).toHaveLength(4);
  });

  it('moves a shape and deletes it with Delete', () => {
    const t = withSquare();
    t.click(100, 90);
    expect(t.editor.state.selectedId).toBeNull();
    t.down(30, 30).move(35, 30).move(40, 35).up(40, 35);
    expect(t.shapes[0]!.points[0]).toEqual({ x: 20, y: 15 });
    t.key('Delete');
    expect(t.shapes).toHaveLength(0);
  });
});

describe('brush and eraser tools', () => {
  it('draws a path of the brush size and erases part of it', () => {
    const t = new TestEditor().tool('path');
    t.editor.setBrushSize(10);
    t.down(10, 50).move(60, 50).move(120, 50).expectToBeIn('path.drawing').up(120, 50);
    expect(t.shapes[0]).toMatchObject({ type: 'path', width: 10 });
    t.tool('eraser').down(65, 30).move(65, 50).move(65, 70).up(65, 70);
    expect(t.shapes[0]!.type).toBe('mask');
    const m = t.shapes[0]!.mask!;
    expect(countBits(m.bits)).toBeGreaterThan(800);
    expect(countBits(m.bits)).toBeLessThan(1100);
  });
});

describe('magic wand tool', () => {
  const img = squareImage(200, 100, 40, 20, 90, 70);

  it('selects by colour, grows the threshold when dragged and commits a mask on Enter', () => {
    let now = 0;
    const t = new TestEditor({ pixels: img, now: () => now }).tool('magicWand');
    const wand = t.editor.toolOf<MagicWandTool>('magicWand');
    t.down(50, 30).expectToBeIn('magicWand.pointing');
    expect(countBits(wand.selection()!.bits)).toBe(50 * 50);
    expect(t.editor.state.wandThreshold).toBe(15);
    now = 10;
    t.move(50 + 150, 30).expectToBeIn('magicWand.drawing');
    expect(t.editor.state.wandThreshold).toBe(65);
    expect(countBits(wand.selection()!.bits)).toBe(50 * 50);
    t.move(50 + 150, 100);
    expect(t.editor.state.wandThreshold).toBe(15 + Math.floor(Math.round(Math.hypot(150, 70)) / 3));
    expect(countBits(wand.selection()!.bits)).toBe(50 * 50);
    t.move(50, 30).up(50, 30).expectToBeIn('magicWand.editing');
    expect(t.editor.state.wandThreshold).toBe(15);
    t.key('Enter');
    expect(t.shapes).toHaveLength(1);
    expect(t.shapes[0]!.mask!.rect).toEqual({ x: 40, y: 20, w: 50, h: 50 });
  });

  it('adds to the selection with Ctrl and refreshes the outline at most every 300 ms', () => {
    vi.useFakeTimers();
    try {
      let now = 1000;
      const t = new TestEditor({ pixels: img, now: () => now }).tool('magicWand');
      const wand = t.editor.toolOf<MagicWandTool>('magicWand');
      t.click(50, 30);
      t.with({ ctrl: true }).click(5, 5);
      expect(countBits(wand.selection()!.bits)).toBe(200 * 100);
      t.click(5, 5);
      expect(countBits(wand.selection()!.bits)).toBe(200 * 100 - 2500);
      const before = (wand.draft() as { outlines: unknown[] }).outlines;
      t.down(50, 30);
      now += 50;
      t.move(60, 30);
      expect((wand.draft() as { outlines: unknown[] }).outlines).not.toBe(before);
      const afterDown = (wand.draft() as { outlines: unknown[] }).outlines;
      now += 50;
      t.move(80, 30);
      expect((wand.draft() as { outlines: unknown[] }).outlines).toBe(afterDown);
      vi.advanceTimersByTime(300);
      expect((wand.draft() as { outlines: unknown[] }).outlines).not.toBe(afterDown);
      t.up(80, 30).key('Escape').expectToBeIn('magicWand.idle');
      expect(wand.selection()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('click segmentation tool', () => {
  it('sends positive and negative clicks and keeps the mask as a sam polygon', async () => {
    const seen: Array<Array<{ type: number }>> = [];
    const bits = new Uint8Array(30 * 20).fill(1);
    const t = new TestEditor({
      segment: async (clicks) => {
        seen.push(clicks);
        return { rect: { x: 20, y: 10, w: 30, h: 20 }, bits };
      },
    }).tool('sam');
    const sam = t.editor.toolOf<SegmentTool>('sam');
    t.click(30, 20).click(35, 20).click(80, 80, 2).expectToBeIn('sam.editing');
    await sam.pending;
    expect(seen.map((c) => c.map((k) => k.type))).toEqual([[1], [1, 1], [1, 1, 0]]);
    t.key('Enter').expectToBeIn('sam.idle');
    expect(t.shapes[0]).toMatchObject({ type: 'sam' });
    expect(t.shapes[0]!.points).toHaveLength(4);
  });

  it('keeps the mask of a decoder run still going when Enter comes first', async () => {
    let release: () => void = () => {};
    const t = new TestEditor({
      segment: () =>
        new Promise((resolve) => {
          release = () => resolve({ rect: { x: 0, y: 0, w: 10, h: 10 }, bits: new Uint8Array(100).fill(1) });
        }),
    }).tool('sam');
    t.click(5, 5).key('Enter');
    expect(t.shapes).toHaveLength(0);
    release();
    await t.editor.toolOf<SegmentTool>('sam').pending;
    await Promise.resolve();
    expect(t.shapes).toHaveLength(1);
  });

  it('reports an unavailable model', async () => {
    const errors: string[] = [];
    const t = new TestEditor().tool('sam');
    t.editor.on((e) => e.type === 'error' && errors.push(e.code));
    t.click(10, 10);
    await t.editor.toolOf<SegmentTool>('sam').pending;
    expect(errors).toEqual(['segmentUnavailable']);
  });
});

describe('target regions and read-only mode', () => {
  it('deletes the selected shape with Delete whatever the tool', () => {
    const t = new TestEditor().tool('region').drag(10, 10, 40, 40).drag(50, 10, 90, 40);
    t.key('Delete');
    expect(t.shapes).toHaveLength(1);
    t.key('Delete');
    expect(t.shapes).toHaveLength(1);
  });

  it('stops at 10 regions with the limit error', () => {
    const errors: string[] = [];
    const t = new TestEditor({ w: 400, h: 100 }).tool('region');
    t.editor.on((e) => e.type === 'error' && errors.push(e.code));
    for (let i = 0; i < 11; i++) t.drag(i * 30 + 2, 10, i * 30 + 25, 40);
    expect(t.shapes.filter((s) => s.type === 'region')).toHaveLength(10);
    expect(errors).toEqual(['regionLimit']);
  });

  it('blocks drawing, editing and undo in read-only mode', () => {
    const t = new TestEditor().tool('rectangle').drag(10, 10, 40, 40);
    t.editor.setReadOnly(true);
    expect(t.editor.state.mode).toBe('readonly');
    t.tool('polygon');
    expect(t.editor.state.tool).toBe('select');
    t.drag(50, 50, 90, 90).key('z', true).key('Delete');
    expect(t.shapes).toHaveLength(1);
    t.down(20, 20).move(60, 60).up(60, 60);
    expect(t.shapes[0]!.points[0]).toEqual({ x: 10, y: 10 });
    expect(t.editor.state.selectedId).toBe(t.shapes[0]!.id);
  });
});
