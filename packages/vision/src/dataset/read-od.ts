// od folders: images with YOLO txt (+ classes.txt), Pascal VOC xml, or one COCO json.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { z } from 'zod';
import { VisionError } from '../errors';
import { exists, listImages, stem } from './files';
import type { Box, DataItem, VisionDataset } from './types';

async function imagesDir(dir: string): Promise<string> {
  return (await exists(join(dir, 'images'))) ? join(dir, 'images') : dir;
}

async function firstExisting(paths: string[]): Promise<string | undefined> {
  for (const p of paths) if (await exists(p)) return p;
  return undefined;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new VisionError('DATA_FORMAT', `${file} is not valid JSON: ${(err as Error).message}`);
  }
}

export async function readDetectionDir(dir: string): Promise<VisionDataset> {
  const files = await readdir(dir);
  const coco = files.find((f) => f.endsWith('.json') && f !== 'classes.json');
  if (coco) return readCoco(dir, join(dir, coco));
  if (files.includes('annotations') || (await hasXml(dir))) return readVoc(dir);
  return readYolo(dir);
}

async function hasXml(dir: string): Promise<boolean> {
  return (await readdir(await imagesDir(dir))).some((f) => f.endsWith('.xml'));
}

async function readYolo(dir: string): Promise<VisionDataset> {
  const namesFile = await firstExisting([join(dir, 'classes.txt'), join(dir, 'obj.names')]);
  if (!namesFile) throw new VisionError('DATA_FORMAT', `YOLO data needs classes.txt in ${dir}`);
  const names = (await readFile(namesFile, 'utf8'))
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  const items: DataItem[] = [];
  for (const path of await listImages(await imagesDir(dir))) {
    const txt = await firstExisting([
      join(dir, 'labels', `${stem(path)}.txt`),
      path.replace(/\.[^.]+$/, '.txt'),
    ]);
    const { width = 0, height = 0 } = await sharp(path).metadata();
    const boxes: Box[] = [];
    for (const line of txt ? (await readFile(txt, 'utf8')).split(/\r?\n/) : []) {
      const v = line.trim().split(/\s+/).map(Number);
      if (v.length < 5 || v.some((n) => !Number.isFinite(n))) continue;
      const [c, cx, cy, w, h] = v as [number, number, number, number, number];
      if (c < 0 || c >= names.length)
        throw new VisionError('DATA_FORMAT', `Class ${c} in ${txt} is not in classes.txt`);
      boxes.push({
        classIndex: c,
        x1: (cx - w / 2) * width,
        y1: (cy - h / 2) * height,
        x2: (cx + w / 2) * width,
        y2: (cy + h / 2) * height,
      });
    }
    items.push({ path, boxes });
  }
  return { task: 'od', classes: names.map((name) => ({ name, ok: false })), items };
}

// Pascal VOC: one xml per image; <object> may repeat, and parts (<part>) carry boxes of their own that
// are not objects, so only each object's direct <name> and <bndbox> count.
const xmlParser = new XMLParser({ isArray: (name) => name === 'object', parseTagValue: false });
const vocSchema = z.object({
  annotation: z.object({
    object: z
      .array(
        z.object({
          name: z.coerce.string(),
          bndbox: z.object({
            xmin: z.coerce.number(),
            ymin: z.coerce.number(),
            xmax: z.coerce.number(),
            ymax: z.coerce.number(),
          }),
        }),
      )
      .default([]),
  }),
});

async function readVocFile(xmlPath: string) {
  try {
    return vocSchema.parse(xmlParser.parse(await readFile(xmlPath, 'utf8'), true)).annotation.object;
  } catch (err) {
    throw new VisionError(
      'DATA_FORMAT',
      `${xmlPath} is not a Pascal VOC annotation: ${(err as Error).message.slice(0, 300)}`,
    );
  }
}

async function readVoc(dir: string): Promise<VisionDataset> {
  const names: string[] = [];
  const items: DataItem[] = [];
  const annDir = (await exists(join(dir, 'annotations'))) ? join(dir, 'annotations') : await imagesDir(dir);
  for (const path of await listImages(await imagesDir(dir))) {
    const xmlPath = join(annDir, `${stem(path)}.xml`);
    const boxes: Box[] = [];
    for (const obj of (await exists(xmlPath)) ? await readVocFile(xmlPath) : []) {
      if (!names.includes(obj.name)) names.push(obj.name);
      const { xmin, ymin, xmax, ymax } = obj.bndbox;
      boxes.push({ classIndex: names.indexOf(obj.name), x1: xmin, y1: ymin, x2: xmax, y2: ymax });
    }
    items.push({ path, boxes });
  }
  return sortClasses({ task: 'od', classes: names.map((name) => ({ name, ok: false })), items });
}

/** VOC names come in file order; sort them so class indices do not depend on which file came first. */
function sortClasses(ds: VisionDataset): VisionDataset {
  const sorted = [...ds.classes].sort((a, b) => a.name.localeCompare(b.name));
  const map = ds.classes.map((c) => sorted.indexOf(c));
  for (const it of ds.items) for (const b of it.boxes ?? []) b.classIndex = map[b.classIndex]!;
  return { ...ds, classes: sorted };
}

const cocoSchema = z.object({
  images: z.array(z.object({ id: z.number(), file_name: z.string() })),
  annotations: z
    .array(
      z.object({
        image_id: z.number(),
        category_id: z.number(),
        bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
      }),
    )
    .default([]),
  categories: z.array(z.object({ id: z.number(), name: z.string() })).min(1),
});

async function readCoco(dir: string, file: string): Promise<VisionDataset> {
  const parsed = cocoSchema.safeParse(await readJson(file));
  if (!parsed.success)
    throw new VisionError(
      'DATA_FORMAT',
      `${file} is not COCO json: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`,
    );
  const coco = parsed.data;
  const cats = [...coco.categories].sort((a, b) => a.id - b.id);
  const imgDir = await imagesDir(dir);
  const byImage = new Map<number, Box[]>();
  for (const a of coco.annotations ?? []) {
    const [x, y, w, h] = a.bbox;
    const classIndex = cats.findIndex((c) => c.id === a.category_id);
    if (classIndex < 0)
      throw new VisionError('DATA_FORMAT', `${file}: category ${a.category_id} is not among the categories`);
    const list = byImage.get(a.image_id) ?? [];
    list.push({ classIndex, x1: x, y1: y, x2: x + w, y2: y + h });
    byImage.set(a.image_id, list);
  }
  const items = coco.images.map((im) => ({
    path: join(imgDir, basename(im.file_name)),
    boxes: byImage.get(im.id) ?? [],
  }));
  return { task: 'od', classes: cats.map((c) => ({ name: c.name, ok: false })), items };
}
