// od folders: images with YOLO txt (+ classes.txt), Pascal VOC xml, or one COCO json. The formats
// themselves (parse and write) are in od-formats.ts; this file finds the files.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { VisionError } from '../errors';
import { exists, listImages, stem } from './files';
import { parseClassNames, parseCoco, parseJsonText, parseVoc, parseYolo } from './od-formats';
import type { Box, DataItem, VisionDataset } from './types';

async function imagesDir(dir: string): Promise<string> {
  return (await exists(join(dir, 'images'))) ? join(dir, 'images') : dir;
}

async function firstExisting(paths: string[]): Promise<string | undefined> {
  for (const p of paths) if (await exists(p)) return p;
  return undefined;
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
  const names = parseClassNames(await readFile(namesFile, 'utf8'));
  const items: DataItem[] = [];
  for (const path of await listImages(await imagesDir(dir))) {
    const txt = await firstExisting([
      join(dir, 'labels', `${stem(path)}.txt`),
      path.replace(/\.[^.]+$/, '.txt'),
    ]);
    const { width = 0, height = 0 } = await sharp(path).metadata();
    const boxes = txt ? parseYolo(await readFile(txt, 'utf8'), width, height, names.length, txt) : [];
    items.push({ path, boxes });
  }
  return { task: 'od', classes: names.map((name) => ({ name, ok: false })), items };
}

async function readVoc(dir: string): Promise<VisionDataset> {
  const names: string[] = [];
  const items: DataItem[] = [];
  const annDir = (await exists(join(dir, 'annotations'))) ? join(dir, 'annotations') : await imagesDir(dir);
  for (const path of await listImages(await imagesDir(dir))) {
    const xmlPath = join(annDir, `${stem(path)}.xml`);
    const boxes: Box[] = [];
    for (const obj of (await exists(xmlPath)) ? parseVoc(await readFile(xmlPath, 'utf8'), xmlPath) : []) {
      if (!names.includes(obj.name)) names.push(obj.name);
      boxes.push({ classIndex: names.indexOf(obj.name), x1: obj.x1, y1: obj.y1, x2: obj.x2, y2: obj.y2 });
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

async function readCoco(dir: string, file: string): Promise<VisionDataset> {
  const coco = parseCoco(parseJsonText(await readFile(file, 'utf8'), file), file);
  const imgDir = await imagesDir(dir);
  const items = coco.images.map((im) => ({ path: join(imgDir, basename(im.fileName)), boxes: im.boxes }));
  return { task: 'od', classes: coco.classes.map((name) => ({ name, ok: false })), items };
}
