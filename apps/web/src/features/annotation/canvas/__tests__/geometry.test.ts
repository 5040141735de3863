import { describe, expect, it } from 'vitest';
import { eraseStroke } from '../geometry/erase';
import { dragThreshold, floodSelect } from '../geometry/flood';
import {
  countBits,
  cropToMask,
  emptyBitmap,
  fillPolygon,
  iou,
  maskToBitmap,
  strokePath,
  traceOutlines,
} from '../geometry/mask';
import {
  deletePoint,
  ellipseToPolygon,
  hitShape,
  insertPoint,
  nearestEdge,
  nearestVertex,
  pointInPolygon,
  polygonArea,
  rectFromCorners,
  shapeBounds,
  clampPoint,
} from '../geometry/shapes';
import { simplifyClosed } from '../geometry/simplify';
import { GridIndex } from '../geometry/spatial-index';
import { fit, toImage, toScreen, visibleRect, zoomAt } from '../geometry/viewport';
import type { Shape } from '../types';
import { squareImage } from './harness';

const square = [
  { x: 10, y: 10 },
  { x: 30, y: 10 },
  { x: 30, y: 30 },
  { x: 10, y: 30 },
];

describe('shape kernels', () => {
  it('measures, hits and edits polygons', () => {
    expect(polygonArea(square)).toBe(400);
    expect(pointInPolygon({ x: 20, y: 20 }, square)).toBe(true);
    expect(pointInPolygon({ x: 40, y: 20 }, square)).toBe(false);
    expect(nearestVertex(square, { x: 34, y: 35 }, 7)).toBe(2);
    expect(nearestVertex(square, { x: 40, y: 40 }, 7)).toBe(-1);
    expect(nearestEdge(square, { x: 20, y: 12 }, 7)).toBe(0);
    const ins = insertPoint(square, 0, { x: 20, y: 10 });
    expect(ins).toHaveLength(5);
    expect(ins[1]).toEqual({ x: 20, y: 10 });
    expect(deletePoint(ins, 1)).toEqual(square);
    expect(deletePoint(square.slice(0, 3), 0)).toHaveLength(3);
  });

  it('normalises rectangles, clamps points and bounds circles', () => {
    expect(rectFromCorners({ x: 30, y: 5 }, { x: 10, y: 25 })).toEqual({ x: 10, y: 5, w: 20, h: 20 });
    expect(clampPoint({ x: -5, y: 500 }, { x: 0, y: 0, w: 100, h: 50 })).toEqual({ x: 0, y: 50 });
    const circle: Shape = {
      id: 'a',
      type: 'circle',
      classId: 'c',
      points: [
        { x: 50, y: 50 },
        { x: 10, y: 10 },
      ],
    };
    expect(shapeBounds(circle)).toEqual({ x: 40, y: 40, w: 20, h: 20 });
    expect(hitShape(circle, { x: 55, y: 50 })).toBe(true);
    expect(hitShape(circle, { x: 59, y: 59 })).toBe(false);
    expect(polygonArea(ellipseToPolygon({ x: 0, y: 0 }, 10, 10, 360))).toBeCloseTo(Math.PI * 100, 0);
  });
});

describe('mask kernels', () => {
  it('fills a polygon, traces it back and measures IoU', () => {
    const bm = fillPolygon(emptyBitmap(40, 40), square);
    expect(countBits(bm.bits)).toBe(400);
    const rings = traceOutlines(bm);
    expect(rings).toHaveLength(1);
    expect(polygonArea(rings[0]!)).toBe(400);
    const other = fillPolygon(
      emptyBitmap(40, 40),
      square.map((p) => ({ x: p.x + 10, y: p.y })),
    );
    expect(iou(bm, other)).toBeCloseTo(200 / 600, 5);
    const m = cropToMask(bm)!;
    expect(m.rect).toEqual({ x: 10, y: 10, w: 20, h: 20 });
    expect(iou(maskToBitmap(m, 40, 40), bm)).toBe(1);
  });

  it('traces separate regions and holes-free outer outlines', () => {
    const bm = emptyBitmap(50, 20);
    fillPolygon(
      bm,
      square.map((p) => ({ x: p.x - 8, y: p.y - 8 })),
    );
    fillPolygon(
      bm,
      square.map((p) => ({ x: p.x + 20, y: p.y - 8 })),
    );
    expect(traceOutlines(bm).length).toBe(2);
  });

  it('strokes and erases discs along a path', () => {
    const bm = strokePath(
      emptyBitmap(100, 20),
      [
        { x: 10, y: 10 },
        { x: 90, y: 10 },
      ],
      5,
      1,
    );
    expect(countBits(bm.bits)).toBeGreaterThan(80 * 9);
    strokePath(
      bm,
      [
        { x: 50, y: 0 },
        { x: 50, y: 20 },
      ],
      5,
      0,
    );
    expect(traceOutlines(bm)).toHaveLength(2);
  });

  it('simplifies long outlines and keeps short ones (tolerance 5, count 30)', () => {
    const circle = ellipseToPolygon({ x: 100, y: 100 }, 80, 80, 200);
    const simple = simplifyClosed(circle, 5, 30);
    expect(simple.length).toBeLessThan(40);
    expect(simple.length).toBeGreaterThan(6);
    expect(polygonArea(simple) / polygonArea(circle)).toBeGreaterThan(0.9);
    const short = ellipseToPolygon({ x: 0, y: 0 }, 80, 80, 20);
    expect(simplifyClosed(short, 5, 30)).toHaveLength(20);
  });
});

describe('magic wand kernels', () => {
  it('selects the connected region within the colour threshold', () => {
    const img = squareImage(60, 40, 10, 10, 30, 30);
    expect(countBits(floodSelect(img, 15, 15, 15).bits)).toBe(400);
    expect(countBits(floodSelect(img, 2, 2, 15).bits)).toBe(60 * 40 - 400);
    expect(countBits(floodSelect(img, 15, 15, 100).bits)).toBe(60 * 40);
    expect(countBits(floodSelect(img, -1, 5, 15).bits)).toBe(0);
  });

  it('maps a drag to a threshold within 1–255', () => {
    expect(dragThreshold(15, 0, 0)).toBe(15);
    expect(dragThreshold(15, 30, 0)).toBe(25);
    expect(dragThreshold(15, 0, -50)).toBe(5);
    expect(dragThreshold(15, -100, 0)).toBe(1);
    expect(dragThreshold(15, 2000, 0)).toBe(255);
  });
});

describe('eraser kernel', () => {
  const ids = () => {
    let n = 0;
    return () => `n${n++}`;
  };

  it('cuts a polygon in two and keeps non-erasable shapes', () => {
    const bar: Shape = {
      id: 'p',
      type: 'polygon',
      classId: 'c',
      points: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 20 },
        { x: 0, y: 20 },
      ],
    };
    const locked: Shape = { ...bar, id: 'l', erasable: false };
    const res = eraseStroke(
      [bar, locked],
      [
        { x: 50, y: -5 },
        { x: 50, y: 25 },
      ],
      5,
      ids(),
    );
    expect(res.changed).toBe(true);
    const cut = res.shapes.filter((s) => s.id !== 'l');
    expect(cut).toHaveLength(2);
    expect(cut.every((s) => s.type === 'polygon')).toBe(true);
    const area = cut.reduce((a, s) => a + polygonArea(s.points), 0);
    expect(area).toBeGreaterThan(1600);
    expect(area).toBeLessThan(1900);
    expect(res.shapes.find((s) => s.id === 'l')).toBe(locked);
  });

  it('removes mask pixels and drops a fully erased mask', () => {
    const bm = fillPolygon(emptyBitmap(40, 40), square);
    const mask: Shape = { id: 'm', type: 'mask', classId: 'c', points: [], mask: cropToMask(bm)! };
    const res = eraseStroke(
      [mask],
      [
        { x: 20, y: 5 },
        { x: 20, y: 35 },
      ],
      3,
      ids(),
    );
    const left = res.shapes[0]!;
    expect(countBits(left.mask!.bits)).toBeLessThan(400);
    expect(countBits(left.mask!.bits)).toBeGreaterThan(200);
    expect(eraseStroke([mask], [{ x: 20, y: 20 }], 30, ids()).shapes).toHaveLength(0);
    expect(eraseStroke([mask], [{ x: 80, y: 80 }], 3, ids()).changed).toBe(false);
  });
});

describe('viewport and index', () => {
  it('round-trips points and zooms about the cursor', () => {
    const v = { scale: 2, tx: 10, ty: 20 };
    expect(toImage(v, toScreen(v, { x: 7, y: 9 }))).toEqual({ x: 7, y: 9 });
    const z = zoomAt(v, { x: 100, y: 100 }, 2);
    expect(toImage(z, { x: 100, y: 100 })).toEqual(toImage(v, { x: 100, y: 100 }));
    const f = fit(400, 200, 216, 216);
    expect(f.scale).toBe(0.5);
    expect(visibleRect({ scale: 2, tx: 0, ty: 0 }, 100, 50)).toEqual({ x: 0, y: 0, w: 50, h: 25 });
  });

  it('finds only the items near a rectangle', () => {
    const idx = new GridIndex<number>(100, 1000);
    for (let i = 0; i < 100; i++)
      idx.insert(i, { x: (i % 10) * 100 + 10, y: Math.floor(i / 10) * 100 + 10, w: 50, h: 50 });
    const hits = idx.query({ x: 0, y: 0, w: 150, h: 150 });
    expect(hits.sort((a, b) => a - b)).toEqual([0, 1, 10, 11]);
  });
});
