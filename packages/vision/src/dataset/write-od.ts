// Writing labelled sets in the folder layouts read-od.ts and read-sg.ts read back:
//   yolo  images/<file>, labels/<stem>.txt, classes.txt
//   voc   images/<file>, annotations/<stem>.xml
//   coco  images/<file>, annotations.json
//   sg    images/<file>, masks/<class>/<stem>.png (white = class)
// `labelFiles` gives the label files as (path, text) pairs so that a zip export can stream them without
// a folder; `writeDetectionDir` writes a whole folder (images copied).
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import { stem } from './files';
import {
  type LabelledImage,
  type OdFormat,
  writeClassNames,
  writeCoco,
  writeVoc,
  writeYolo,
} from './od-formats';
import type { VisionDataset } from './types';

export interface LabelFile {
  /** Relative, '/'-separated. */
  path: string;
  text: string;
}

export const imagePathIn = (fileName: string) => `images/${fileName}`;

/** The label files of a set in a format's layout (images not included: they go to `imagePathIn`). */
export function labelFiles(
  format: OdFormat,
  images: readonly LabelledImage[],
  names: readonly string[],
): LabelFile[] {
  switch (format) {
    case 'yolo':
      return [
        { path: 'classes.txt', text: writeClassNames(names) },
        ...images.map((im) => ({
          path: `labels/${stem(im.fileName)}.txt`,
          text: writeYolo(im.boxes, im.width, im.height),
        })),
      ];
    case 'voc':
      return images.map((im) => ({
        path: `annotations/${stem(im.fileName)}.xml`,
        text: writeVoc(im, names),
      }));
    case 'coco':
      return [{ path: 'annotations.json', text: writeCoco(images, names) }];
  }
}

/** Writes an od dataset (files on disk, boxes in pixels) as a folder in `format`. */
export async function writeDetectionDir(ds: VisionDataset, dir: string, format: OdFormat): Promise<void> {
  const images: LabelledImage[] = [];
  await mkdir(join(dir, 'images'), { recursive: true });
  for (const item of ds.items) {
    const { width = 0, height = 0 } = await sharp(item.path).metadata();
    const fileName = basename(item.path);
    await copyFile(item.path, join(dir, imagePathIn(fileName)));
    images.push({ fileName, width, height, boxes: item.boxes ?? [] });
  }
  const names = ds.classes.map((c) => c.name);
  for (const f of labelFiles(format, images, names)) {
    await mkdir(dirname(join(dir, f.path)), { recursive: true });
    await writeFile(join(dir, f.path), f.text);
  }
}

/** A class mask as the sg layout stores it: 8-bit grey PNG, white = class. */
export interface MaskShapes {
  /** Closed polygons in image pixels, each [x0, y0, x1, y1, …]. */
  polygons?: number[][];
  /** Binary masks of the same size (PNG or any format sharp reads); white pixels count. */
  masks?: Buffer[];
  /** Brush strokes (round pen of `width` px); `erase` strokes clear what the others painted. */
  strokes?: { points: number[]; width: number; erase?: boolean }[];
}

const svgPoints = (p: readonly number[]) => p.map((v, i) => (i % 2 ? `${v} ` : `${v},`)).join('');

/** White-on-black SVG rendering of shapes, as one byte per pixel (255 where painted). */
async function rasterise(width: number, height: number, parts: string[]): Promise<Buffer | null> {
  if (!parts.length) return null;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#000"/>${parts.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++) if (data[i * info.channels]! >= 128) out[i] = 255;
  return out;
}

const strokeSvg = (s: { points: number[]; width: number }) =>
  s.points.length === 2
    ? `<circle fill="#fff" cx="${s.points[0]}" cy="${s.points[1]}" r="${s.width / 2}" />`
    : `<polyline fill="none" stroke="#fff" stroke-linecap="round" stroke-linejoin="round" stroke-width="${s.width}" points="${svgPoints(s.points)}" />`;

/** One PNG per class per image: masks united, then polygons and brush strokes painted, then erasers. */
export async function renderMaskPng(width: number, height: number, shapes: MaskShapes): Promise<Buffer> {
  const out = Buffer.alloc(width * height);
  for (const m of shapes.masks ?? []) {
    const { data, info } = await sharp(m)
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let i = 0; i < width * height; i++) if (data[i * info.channels]! >= 128) out[i] = 255;
  }
  const strokes = shapes.strokes ?? [];
  const paint = await rasterise(width, height, [
    ...(shapes.polygons ?? [])
      .filter((p) => p.length >= 6)
      .map((p) => `<polygon fill="#fff" points="${svgPoints(p)}" />`),
    ...strokes.filter((s) => !s.erase && s.points.length >= 2).map(strokeSvg),
  ]);
  if (paint) for (let i = 0; i < out.length; i++) if (paint[i]) out[i] = 255;
  const erase = await rasterise(
    width,
    height,
    strokes.filter((s) => s.erase && s.points.length >= 2).map(strokeSvg),
  );
  if (erase) for (let i = 0; i < out.length; i++) if (erase[i]) out[i] = 0;
  return sharp(out, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/** Writes an sg dataset (mask files on disk) as images/ + masks/<class>/<stem>.png. */
export async function writeSegmentationDir(ds: VisionDataset, dir: string): Promise<void> {
  await mkdir(join(dir, 'images'), { recursive: true });
  for (const c of ds.classes) await mkdir(join(dir, 'masks', c.name), { recursive: true });
  for (const item of ds.items) {
    const fileName = basename(item.path);
    await copyFile(item.path, join(dir, imagePathIn(fileName)));
    const { width = 0, height = 0 } = await sharp(item.path).metadata();
    const byClass = new Map<number, Buffer[]>();
    for (const m of item.masks ?? []) {
      byClass.set(m.classIndex, [...(byClass.get(m.classIndex) ?? []), await readFile(m.path)]);
    }
    for (const [classIndex, masks] of byClass) {
      const png = await renderMaskPng(width, height, { masks });
      await writeFile(join(dir, 'masks', ds.classes[classIndex]!.name, `${stem(fileName)}.png`), png);
    }
  }
}
