// Folder formats: the same boxes written as YOLO, Pascal VOC and COCO read back identically; sg and
// MVTec AD layouts; malformed label files give DATA_FORMAT errors instead of a silently empty dataset.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataset } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => (tmp = await tempDir('readers')));
afterAll(() => tmp.cleanup());

const W = 80;
const H = 60;
// Per image: [class name, x1, y1, x2, y2] in pixels.
const BOXES: Record<string, [string, number, number, number, number][]> = {
  a: [
    ['disc', 10, 5, 30, 25],
    ['square', 40, 20, 76, 58],
  ],
  b: [['square', 0, 0, 20, 12]],
  c: [],
};
const NAMES = ['disc', 'square'];

async function images(dir: string) {
  await mkdir(dir, { recursive: true });
  for (const stem of Object.keys(BOXES)) {
    await sharp({ create: { width: W, height: H, channels: 3, background: '#808080' } })
      .png()
      .toFile(join(dir, `${stem}.png`));
  }
}

async function writeYolo(dir: string) {
  await images(join(dir, 'images'));
  await mkdir(join(dir, 'labels'));
  await writeFile(join(dir, 'classes.txt'), NAMES.join('\n'));
  for (const [stem, boxes] of Object.entries(BOXES)) {
    const lines = boxes.map(([n, x1, y1, x2, y2]) =>
      [NAMES.indexOf(n), (x1 + x2) / 2 / W, (y1 + y2) / 2 / H, (x2 - x1) / W, (y2 - y1) / H].join(' '),
    );
    await writeFile(join(dir, 'labels', `${stem}.txt`), lines.join('\n'));
  }
}

async function writeVoc(dir: string) {
  await images(join(dir, 'images'));
  await mkdir(join(dir, 'annotations'));
  for (const [stem, boxes] of Object.entries(BOXES)) {
    // Objects carrying <part> boxes and extra tags, as real VOC files do: only the object's own box counts.
    const objects = boxes.map(
      ([n, x1, y1, x2, y2]) => `<object><name>${n}</name><pose>Unspecified</pose><difficult>0</difficult>
        <bndbox><xmin>${x1}</xmin><ymin>${y1}</ymin><xmax>${x2}</xmax><ymax>${y2}</ymax></bndbox>
        <part><name>edge</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>2</xmax><ymax>2</ymax></bndbox></part></object>`,
    );
    await writeFile(
      join(dir, 'annotations', `${stem}.xml`),
      `<?xml version="1.0"?><annotation><filename>${stem}.png</filename><size><width>${W}</width><height>${H}</height></size>${objects.join('')}</annotation>`,
    );
  }
}

async function writeCoco(dir: string) {
  await images(join(dir, 'images'));
  const stems = Object.keys(BOXES);
  const coco = {
    images: stems.map((s, i) => ({ id: i + 1, file_name: `${s}.png`, width: W, height: H })),
    categories: [
      { id: 7, name: 'disc' },
      { id: 9, name: 'square' },
    ],
    annotations: stems.flatMap((s, i) =>
      BOXES[s]!.map(([n, x1, y1, x2, y2]) => ({
        image_id: i + 1,
        category_id: n === 'disc' ? 7 : 9,
        bbox: [x1, y1, x2 - x1, y2 - y1],
      })),
    ),
  };
  await writeFile(join(dir, 'instances.json'), JSON.stringify(coco));
}

describe('object detection formats', () => {
  it.each([
    ['YOLO', writeYolo],
    ['Pascal VOC', writeVoc],
    ['COCO', writeCoco],
  ] as const)('%s gives the same classes and boxes', async (name, write) => {
    const dir = join(tmp.dir, name.replace(/\W/g, ''));
    await write(dir);
    const ds = await readDataset('od', dir);
    expect(ds.classes.map((c) => c.name)).toEqual(NAMES);
    const byStem = Object.fromEntries(
      ds.items.map((it) => [it.path.split('/').at(-1)!.replace('.png', ''), it.boxes]),
    );
    for (const [stem, boxes] of Object.entries(BOXES)) {
      const got = byStem[stem]!.map((b) =>
        [ds.classes[b.classIndex]!.name, b.x1, b.y1, b.x2, b.y2].map((v) =>
          typeof v === 'number' ? Math.round(v * 1000) / 1000 : v,
        ),
      );
      expect(got).toEqual(boxes);
    }
  });

  it('refuses malformed VOC and COCO files with DATA_FORMAT', async () => {
    const voc = join(tmp.dir, 'bad-voc');
    await writeVoc(voc);
    await writeFile(
      join(voc, 'annotations', 'a.xml'),
      '<annotation><object><name>disc</name><bndbox><xmin>1</xmin></bndbox></object></annotation>',
    );
    await expect(readDataset('od', voc)).rejects.toMatchObject({
      code: 'DATA_FORMAT',
      message: expect.stringContaining('a.xml'),
    });
    await writeFile(join(voc, 'annotations', 'a.xml'), '<annotation><object><name>disc</name>');
    await expect(readDataset('od', voc)).rejects.toMatchObject({ code: 'DATA_FORMAT' });

    const coco = join(tmp.dir, 'bad-coco');
    await writeCoco(coco);
    await writeFile(
      join(coco, 'instances.json'),
      JSON.stringify({
        images: [{ id: 1, file_name: 'a.png' }],
        categories: [{ id: 1, name: 'x' }],
        annotations: [{ image_id: 1, category_id: 5, bbox: [0, 0, 1, 1] }],
      }),
    );
    await expect(readDataset('od', coco)).rejects.toMatchObject({
      code: 'DATA_FORMAT',
      message: expect.stringContaining('category 5'),
    });
    await writeFile(join(coco, 'instances.json'), '{"images": [');
    await expect(readDataset('od', coco)).rejects.toMatchObject({ code: 'DATA_FORMAT' });
  });
});

describe('segmentation and anomaly layouts', () => {
  it('pairs sg masks with images by file stem, per class folder', async () => {
    const dir = join(tmp.dir, 'sg');
    await images(join(dir, 'images'));
    await images(join(dir, 'masks', 'scratch'));
    await mkdir(join(dir, 'masks', 'spot'));
    await sharp({ create: { width: W, height: H, channels: 3, background: 'white' } })
      .png()
      .toFile(join(dir, 'masks', 'spot', 'b.png'));
    const ds = await readDataset('sg', dir);
    expect(ds.classes.map((c) => c.name)).toEqual(['scratch', 'spot']);
    const b = ds.items.find((it) => it.path.endsWith('b.png'))!;
    expect(b.masks!.map((m) => m.classIndex)).toEqual([0, 1]);
  });

  it('reads MVTec AD train/good and test/<kind> with ground-truth masks', async () => {
    const dir = join(tmp.dir, 'ad');
    await images(join(dir, 'train', 'good'));
    await images(join(dir, 'test', 'good'));
    await images(join(dir, 'test', 'crack'));
    await mkdir(join(dir, 'ground_truth', 'crack'), { recursive: true });
    await sharp({ create: { width: W, height: H, channels: 3, background: 'white' } })
      .png()
      .toFile(join(dir, 'ground_truth', 'crack', 'a_mask.png'));
    const train = await readDataset('ad', dir, 'train');
    expect(train.items.every((it) => it.anomalous === false)).toBe(true);
    const test = await readDataset('ad', dir, 'eval');
    expect(test.items.filter((it) => it.anomalous)).toHaveLength(3);
    expect(test.items.filter((it) => it.maskPath).map((it) => it.path.split('/').at(-1))).toEqual(['a.png']);
  });
});
