// Canvas shapes ↔ annotation document for masks: a mask with a hole is saved inline (rle) and comes back
// with its hole; a hole-free mask stays polygons; stored eraser objects cut shapes and masks on load;
// imported PNG masks are drawn from their decoded pixels and kept by key while unchanged.
import { describe, expect, it } from 'vitest';
import { annotationDocumentSchema, type AnnotationDocument } from '@sightline/domain';
import { eraseStroke } from '../canvas/geometry/erase';
import { countBits } from '../canvas/geometry/mask';
import type { MaskData, Shape } from '../canvas/types';
import { maskFromRgba } from '../api/stored-masks';
import { documentToShapes, shapesToDocument } from '../utils/document-mapping';

/** A 20 × 20 square at (10, 10) with a 6 × 6 hole in the middle. */
function holed(): MaskData {
  const bits = new Uint8Array(400).fill(1);
  for (let y = 7; y < 13; y++) for (let x = 7; x < 13; x++) bits[y * 20 + x] = 0;
  return { rect: { x: 10, y: 10, w: 20, h: 20 }, bits };
}

const sha = 'b'.repeat(64);
const maskShape = (mask: MaskData, id = 'm'): Shape => ({ id, type: 'mask', classId: '4', points: [], mask });

describe('masks in the document', () => {
  it('saves a mask with a hole inline and loads it back with the hole', () => {
    const doc = annotationDocumentSchema.parse(shapesToDocument([maskShape(holed())], { label: null }));
    expect(doc.objects.map((o) => o.type)).toEqual(['rle']);
    const back = documentToShapes(doc).shapes[0]!;
    expect(back.type).toBe('mask');
    expect(back.mask!.rect).toEqual({ x: 10, y: 10, w: 20, h: 20 });
    expect(Array.from(back.mask!.bits)).toEqual(Array.from(holed().bits));
    expect(countBits(back.mask!.bits)).toBe(400 - 36);
  });

  it('saves a hole-free mask as exact polygons', () => {
    const solid: MaskData = { rect: { x: 0, y: 0, w: 3, h: 2 }, bits: new Uint8Array([1, 1, 0, 1, 1, 1]) };
    const doc = shapesToDocument([maskShape(solid)], { label: null });
    expect(doc.objects.map((o) => o.type)).toEqual(['polygon']);
  });

  it('keeps a hole cut inside a polygon by the eraser (the polygon becomes a mask)', () => {
    const square: Shape = {
      id: 'p',
      type: 'polygon',
      classId: '1',
      points: [
        { x: 0, y: 0 },
        { x: 40, y: 0 },
        { x: 40, y: 40 },
        { x: 0, y: 40 },
      ],
    };
    const cut = eraseStroke([square], [{ x: 20, y: 20 }], 5, () => 'n').shapes;
    expect(cut.map((s) => s.type)).toEqual(['mask']);
    const doc = shapesToDocument(cut, { label: null });
    expect(doc.objects.map((o) => o.type)).toEqual(['rle']);
    const m = documentToShapes(doc).shapes[0]!.mask!;
    const at = (x: number, y: number) => m.bits[(y - m.rect.y) * m.rect.w + (x - m.rect.x)];
    expect(at(20, 20)).toBe(0);
    expect(at(5, 5)).toBe(1);
  });

  it('applies stored eraser objects on load (to the shapes before them, erasable ones only)', () => {
    const doc: AnnotationDocument = {
      version: 2,
      label: null,
      objects: [
        { id: 'a', classId: 1, erasable: true, type: 'rectangle', x1: 0, y1: 0, x2: 40, y2: 40 },
        { id: 'b', classId: 1, erasable: false, type: 'rectangle', x1: 50, y1: 0, x2: 90, y2: 40 },
        {
          id: 'e',
          classId: null,
          erasable: true,
          type: 'eraser',
          width: 10,
          points: [
            [-5, 20],
            [100, 20],
          ],
        },
        { id: 'c', classId: 1, erasable: true, type: 'rectangle', x1: 0, y1: 50, x2: 40, y2: 90 },
      ],
      regions: [],
    };
    const { shapes } = documentToShapes(doc);
    // a is cut in two, b is not erasable, c was drawn after the eraser.
    expect(shapes.map((s) => s.type)).toEqual(['polygon', 'polygon', 'rectangle', 'rectangle']);
    expect(shapes.filter((s) => s.id === 'b' || s.id === 'c')).toHaveLength(2);
    const again = shapesToDocument(shapes, { label: null });
    expect(again.objects.some((o) => o.type === 'eraser')).toBe(false);
  });

  it('draws an imported mask from its pixels, keeps it by key while unchanged, inline once erased', () => {
    const doc: AnnotationDocument = {
      version: 2,
      label: null,
      objects: [
        {
          id: 'm',
          classId: 4,
          erasable: true,
          type: 'mask',
          key: 'images/x/mask-0.png',
          sha256: sha,
          width: 64,
          height: 64,
        },
        { id: 'e', classId: null, erasable: true, type: 'eraser', width: 4, points: [[20, 20]] },
      ],
      regions: [],
    };
    const rgba = new Uint8ClampedArray(64 * 64 * 4);
    for (let y = 10; y < 30; y++)
      for (let x = 10; x < 30; x++) rgba.set([255, 255, 255, 255], (y * 64 + x) * 4);
    const pixels = maskFromRgba(rgba, 64, 64)!;
    expect(pixels.rect).toEqual({ x: 10, y: 10, w: 20, h: 20 });

    // Without the eraser: drawn and saved back as the same stored mask.
    const plain = { ...doc, objects: [doc.objects[0]!] };
    const loaded = documentToShapes(plain, new Map([['m', pixels]]));
    expect(loaded.shapes[0]!.mask).toBe(pixels);
    expect(shapesToDocument(loaded.shapes, { label: null }, loaded.stored).objects[0]).toMatchObject({
      type: 'mask',
      key: 'images/x/mask-0.png',
    });

    // With the stored eraser: the hole it cut is kept inline.
    const cut = documentToShapes(doc, new Map([['m', pixels]]));
    expect(countBits(cut.shapes[0]!.mask!.bits)).toBeLessThan(400);
    const saved = shapesToDocument(cut.shapes, { label: null }, cut.stored);
    expect(saved.objects.map((o) => o.type)).toEqual(['rle']);

    // A mask whose file did not load is kept by key, untouched by the eraser.
    const missing = documentToShapes(doc);
    expect(shapesToDocument(missing.shapes, { label: null }, missing.stored).objects[0]).toMatchObject({
      type: 'mask',
      key: 'images/x/mask-0.png',
    });
  });
});
