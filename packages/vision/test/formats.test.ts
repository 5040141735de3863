// Label export: each od format written by write-od.ts reads back (read-od.ts) with the same boxes to
// within a pixel, also across formats; sg masks come back as the same PNG pixels; polygons rasterise.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  labelFiles,
  OD_FORMATS,
  parseYolo,
  readDataset,
  renderMaskPng,
  writeDetectionDir,
  writeSegmentationDir,
  type VisionDataset,
} from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => (tmp = await tempDir('formats')));
afterAll(() => tmp.cleanup());

const NAMES = ['bolt', 'crack', 'dent'];
// Per image: size and [class, x1, y1, x2, y2] boxes, fractional on purpose.
const SET: Record<string, { w: number; h: number; boxes: [number, number, number, number, number][] }> = {
  a: {
    w: 120,
    h: 90,
    boxes: [
      [0, 10.4, 5.2, 30.7, 25.1],
      [2, 40, 20, 119, 89],
    ],
  },
  b: { w: 64, h: 200, boxes: [[1, 0, 0, 20.5, 12.25]] },
  c: { w: 50, h: 50, boxes: [] },
};

async function source(): Promise<VisionDataset> {
  const dir = join(tmp.dir, 'src');
  await mkdir(dir, { recursive: true });
  const items = [];
  for (const [stem, { w, h, boxes }] of Object.entries(SET)) {
    const path = join(dir, `${stem}.png`);
    await sharp({ create: { width: w, height: h, channels: 3, background: '#404040' } })
      .png()
      .toFile(path);
    items.push({
      path,
      boxes: boxes.map(([classIndex, x1, y1, x2, y2]) => ({ classIndex, x1, y1, x2, y2 })),
    });
  }
  return { task: 'od', classes: NAMES.map((name) => ({ name, ok: false })), items };
}

function boxesByStem(ds: VisionDataset) {
  return Object.fromEntries(
    ds.items.map((it) => [
      it.path
        .split('/')
        .at(-1)!
        .replace(/\.png$/, ''),
      (it.boxes ?? []).map((b) => ({ name: ds.classes[b.classIndex]!.name, b: [b.x1, b.y1, b.x2, b.y2] })),
    ]),
  );
}

function expectSameBoxes(got: VisionDataset, want: VisionDataset) {
  const g = boxesByStem(got);
  const w = boxesByStem(want);
  expect(Object.keys(g).sort()).toEqual(Object.keys(w).sort());
  for (const stem of Object.keys(w)) {
    expect(g[stem]!.map((x) => x.name)).toEqual(w[stem]!.map((x) => x.name));
    g[stem]!.forEach((x, i) =>
      x.b.forEach((v, j) => expect(Math.abs(v - w[stem]![i]!.b[j]!)).toBeLessThanOrEqual(1)),
    );
  }
}

describe('od export round trip', () => {
  it.each(OD_FORMATS)('%s: import → export → import gives the same boxes within a pixel', async (format) => {
    const src = await source();
    const first = join(tmp.dir, `${format}-1`);
    await writeDetectionDir(src, first, format);
    const imported = await readDataset('od', first);
    expect(imported.classes.map((c) => c.name)).toEqual(format === 'voc' ? ['bolt', 'crack', 'dent'] : NAMES);
    expectSameBoxes(imported, src);
    const second = join(tmp.dir, `${format}-2`);
    await writeDetectionDir(imported, second, format);
    expectSameBoxes(await readDataset('od', second), src);
  });

  it('converts between formats without moving a box', async () => {
    let ds = await source();
    for (const [i, format] of (['yolo', 'coco', 'voc', 'yolo'] as const).entries()) {
      const dir = join(tmp.dir, `chain-${i}-${format}`);
      await writeDetectionDir(ds, dir, format);
      ds = await readDataset('od', dir);
    }
    expectSameBoxes(ds, await source());
  });

  it('lays the label files out per format, boxes clipped into the image for YOLO', () => {
    const images = [
      {
        fileName: 'x.jpg',
        width: 100,
        height: 50,
        boxes: [{ classIndex: 1, x1: -5, y1: 10, x2: 50, y2: 60 }],
      },
    ];
    expect(labelFiles('yolo', images, ['p', 'q']).map((f) => f.path)).toEqual([
      'classes.txt',
      'labels/x.txt',
    ]);
    expect(labelFiles('voc', images, ['p', 'q']).map((f) => f.path)).toEqual(['annotations/x.xml']);
    expect(labelFiles('coco', images, ['p', 'q']).map((f) => f.path)).toEqual(['annotations.json']);
    const yolo = labelFiles('yolo', images, ['p', 'q'])[1]!.text;
    const back = parseYolo(yolo, 100, 50, 2).map((b) => ({ ...b, y1: Math.round(b.y1 * 1e6) / 1e6 }));
    expect(back).toEqual([{ classIndex: 1, x1: 0, y1: 10, x2: 50, y2: 50 }]);
    expect(() => parseYolo('5 0.5 0.5 0.1 0.1', 100, 50, 2, 'x.txt')).toThrow(/x\.txt/);
    const voc = labelFiles('voc', [{ ...images[0]!, fileName: 'a&b.jpg' }], ['<p>', 'q&r'])[0]!.text;
    expect(voc).toContain('<name>q&amp;r</name>');
    expect(voc).toContain('<filename>a&amp;b.jpg</filename>');
  });
});

describe('sg masks as PNG', () => {
  it('rasterises polygons and unites masks', async () => {
    const square = [10, 10, 30, 10, 30, 30, 10, 30];
    const other = await sharp({ create: { width: 40, height: 40, channels: 3, background: 'black' } })
      .composite([
        { input: { create: { width: 5, height: 5, channels: 3, background: 'white' } }, left: 0, top: 0 },
      ])
      .png()
      .toBuffer();
    const png = await renderMaskPng(40, 40, { polygons: [square], masks: [other] });
    expect(await sharp(png).metadata()).toMatchObject({ width: 40, height: 40, channels: 1, format: 'png' });
    const data = await sharp(png).extractChannel(0).raw().toBuffer();
    const at = (x: number, y: number) => data[y * 40 + x];
    expect(at(20, 20)).toBe(255);
    expect(at(2, 2)).toBe(255);
    expect(at(35, 35)).toBe(0);
    expect(at(8, 20)).toBe(0);
    const white = [...data].filter((v) => v === 255).length;
    // 20×20 polygon (±one edge row/column) plus the 5×5 corner mask.
    expect(white).toBeGreaterThanOrEqual(400 + 25 - 45);
    expect(white).toBeLessThanOrEqual(441 + 25);
  });

  it('paints brush strokes and clears eraser strokes', async () => {
    const png = await renderMaskPng(40, 40, {
      polygons: [[0, 0, 40, 0, 40, 40, 0, 40]],
      strokes: [{ points: [0, 20, 40, 20], width: 6, erase: true }],
    });
    const data = await sharp(png).extractChannel(0).raw().toBuffer();
    expect(data[20 * 40 + 20]).toBe(0);
    expect(data[5 * 40 + 20]).toBe(255);
    const brush = await renderMaskPng(40, 40, { strokes: [{ points: [5, 5, 35, 5], width: 4 }] });
    const b = await sharp(brush).extractChannel(0).raw().toBuffer();
    expect(b[5 * 40 + 20]).toBe(255);
    expect(b[20 * 40 + 20]).toBe(0);
  });

  it('writes images/ and masks/<class>/<stem>.png that read back with the same pixels', async () => {
    const dir = join(tmp.dir, 'sg-src');
    await mkdir(join(dir, 'm'), { recursive: true });
    const img = join(dir, 'p.png');
    await sharp({ create: { width: 32, height: 24, channels: 3, background: '#202020' } })
      .png()
      .toFile(img);
    const mask = join(dir, 'm', 'p.png');
    await writeFile(mask, await renderMaskPng(32, 24, { polygons: [[4, 4, 20, 4, 20, 12, 4, 12]] }));
    const ds: VisionDataset = {
      task: 'sg',
      classes: [
        { name: 'scratch', ok: false },
        { name: 'spot', ok: false },
      ],
      items: [{ path: img, masks: [{ classIndex: 1, path: mask }] }],
    };
    const out = join(tmp.dir, 'sg-out');
    await writeSegmentationDir(ds, out);
    const back = await readDataset('sg', out);
    expect(back.classes.map((c) => c.name)).toEqual(['scratch', 'spot']);
    expect(back.items[0]!.masks!.map((m) => m.classIndex)).toEqual([1]);
    const a = await sharp(mask).raw().toBuffer();
    const b = await sharp(back.items[0]!.masks![0]!.path).raw().toBuffer();
    expect(b.equals(a)).toBe(true);
  });
});
