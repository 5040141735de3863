import { describe, expect, it } from 'vitest';
import {
  bbox,
  boxIou,
  fillPolygon,
  maskIou,
  maskToPolygons,
  objectBox,
  polygonArea,
  rasterizeObjects,
  type Point,
} from '..';

const count = (m: Uint8Array) => m.reduce((s, v) => s + (v ? 1 : 0), 0);

describe('annotation geometry', () => {
  it('bbox, polygon area and box IoU', () => {
    const tri: Point[] = [
      [0, 0],
      [4, 0],
      [0, 3],
    ];
    expect(bbox(tri)).toEqual({ x1: 0, y1: 0, x2: 4, y2: 3 });
    expect(bbox([])).toBeNull();
    expect(polygonArea(tri)).toBe(6);
    expect(polygonArea([...tri].reverse())).toBe(6);
    expect(boxIou({ x1: 0, y1: 0, x2: 2, y2: 2 }, { x1: 1, y1: 1, x2: 3, y2: 3 })).toBeCloseTo(1 / 7);
    expect(boxIou({ x1: 2, y1: 2, x2: 0, y2: 0 }, { x1: 0, y1: 0, x2: 2, y2: 2 })).toBe(1);
    expect(boxIou({ x1: 0, y1: 0, x2: 1, y2: 1 }, { x1: 5, y1: 5, x2: 6, y2: 6 })).toBe(0);
  });

  it('object boxes: strokes are widened by half the pen', () => {
    expect(
      objectBox({
        id: 'a',
        classId: 1,
        erasable: true,
        type: 'path',
        width: 4,
        points: [
          [10, 10],
          [20, 12],
        ],
      }),
    ).toEqual({ x1: 8, y1: 8, x2: 22, y2: 14 });
    expect(
      objectBox({ id: 'r', classId: 1, erasable: true, type: 'rectangle', x1: 5, y1: 9, x2: 1, y2: 2 }),
    ).toEqual({ x1: 1, y1: 2, x2: 5, y2: 9 });
  });

  it('fills a polygon by pixel centres: an axis-aligned square fills exactly its area', () => {
    const m = new Uint8Array(10 * 10);
    fillPolygon(m, 10, 10, [
      [2, 2],
      [6, 2],
      [6, 5],
      [2, 5],
    ]);
    expect(count(m)).toBe(12);
    expect(m[2 * 10 + 2]).toBe(1);
    expect(m[5 * 10 + 2]).toBe(0);
  });

  it('mask → polygon → mask is exact for hole-free components, areas equal pixel counts', () => {
    const w = 12,
      h = 9;
    const m = new Uint8Array(w * h);
    // A C shape and a separate single pixel; a diagonal neighbour is a separate 4-connected component.
    for (const [x, y] of [
      [1, 1],
      [2, 1],
      [3, 1],
      [1, 2],
      [1, 3],
      [2, 3],
      [8, 6],
      [9, 7],
    ] as const)
      m[y * w + x] = 1;
    const polys = maskToPolygons(m, w, h);
    expect(polys).toHaveLength(3);
    expect(polys.map(polygonArea).sort()).toEqual([1, 1, 6]);
    const back = new Uint8Array(w * h);
    for (const p of polys) fillPolygon(back, w, h, p);
    expect(maskIou(back, m)).toBe(1);
    // The C-shaped outline has 8 corners.
    expect(polys.find((p) => polygonArea(p) === 6)).toHaveLength(8);
  });

  it('rasterises a document: brush adds, eraser cuts', () => {
    const w = 20,
      h = 20;
    const base = { classId: 1, erasable: true };
    const filled = rasterizeObjects(
      [{ ...base, id: 'r', type: 'rectangle', x1: 0, y1: 0, x2: 10, y2: 10 }],
      w,
      h,
    );
    expect(count(filled)).toBe(100);
    const cut = rasterizeObjects(
      [
        { ...base, id: 'r', type: 'rectangle', x1: 0, y1: 0, x2: 10, y2: 10 },
        {
          ...base,
          id: 'e',
          classId: null,
          type: 'eraser',
          width: 2,
          points: [
            [0, 5],
            [10, 5],
          ],
        },
        { ...base, id: 'p', type: 'path', width: 2, points: [[15, 15]] },
      ],
      w,
      h,
    );
    expect(count(cut)).toBeLessThan(100);
    expect(cut[5 * w + 5]).toBe(0);
    expect(cut[15 * w + 15]).toBe(1);
    expect(maskIou(filled, cut)).toBeGreaterThan(0.7);
  });
});
