// od folders: images with YOLO txt (+ classes.txt), Pascal VOC xml, or one COCO json.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
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
  const names = (await readFile(namesFile, 'utf8')).split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
  const items: DataItem[] = [];
  for (const path of await listImages(await imagesDir(dir))) {
    const txt = await firstExisting([join(dir, 'labels', `${stem(path)}.txt`), path.replace(/\.[^.]+$/, '.txt')]);
    const { width = 0, height = 0 } = await sharp(path).metadata();
    const boxes: Box[] = [];
    for (const line of txt ? (await readFile(txt, 'utf8')).split(/\r?\n/) : []) {
      const v = line.trim().split(/\s+/).map(Number);
      if (v.length < 5 || v.some((n) => !Number.isFinite(n))) continue;
      const [c, cx, cy, w, h] = v as [number, number, number, number, number];
      if (c < 0 || c >= names.length) throw new VisionError('DATA_FORMAT', `Class ${c} in ${txt} is not in classes.txt`);
      boxes.push({ classIndex: c, x1: (cx - w / 2) * width, y1: (cy - h / 2) * height, x2: (cx + w / 2) * width, y2: (cy + h / 2) * height });
    }
    items.push({ path, boxes });
  }
  return { task: 'od', classes: names.map((name) => ({ name, ok: false })), items };
}

const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`))?.[1];

async function readVoc(dir: string): Promise<VisionDataset> {
  const names: string[] = [];
  const items: DataItem[] = [];
  const annDir = (await exists(join(dir, 'annotations'))) ? join(dir, 'annotations') : await imagesDir(dir);
  for (const path of await listImages(await imagesDir(dir))) {
    const xmlPath = join(annDir, `${stem(path)}.xml`);
    const xml = (await exists(xmlPath)) ? await readFile(xmlPath, 'utf8') : '';
    const boxes: Box[] = [];
    for (const obj of xml.match(/<object>[\s\S]*?<\/object>/g) ?? []) {
      const name = tag(obj, 'name')!;
      if (!names.includes(name)) names.push(name);
      const [x1, y1, x2, y2] = ['xmin', 'ymin', 'xmax', 'ymax'].map((k) => Number(tag(obj, k)));
      boxes.push({ classIndex: names.indexOf(name), x1: x1!, y1: y1!, x2: x2!, y2: y2! });
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

interface CocoJson {
  images: { id: number; file_name: string }[];
  annotations: { image_id: number; category_id: number; bbox: [number, number, number, number] }[];
  categories: { id: number; name: string }[];
}

async function readCoco(dir: string, file: string): Promise<VisionDataset> {
  const coco = JSON.parse(await readFile(file, 'utf8')) as CocoJson;
  if (!Array.isArray(coco.images) || !Array.isArray(coco.categories)) throw new VisionError('DATA_FORMAT', `${file} is not COCO json`);
  const cats = [...coco.categories].sort((a, b) => a.id - b.id);
  const imgDir = await imagesDir(dir);
  const byImage = new Map<number, Box[]>();
  for (const a of coco.annotations ?? []) {
    const [x, y, w, h] = a.bbox;
    const list = byImage.get(a.image_id) ?? [];
    list.push({ classIndex: cats.findIndex((c) => c.id === a.category_id), x1: x, y1: y, x2: x + w, y2: y + h });
    byImage.set(a.image_id, list);
  }
  const items = coco.images.map((im) => ({ path: join(imgDir, basename(im.file_name)), boxes: byImage.get(im.id) ?? [] }));
  return { task: 'od', classes: cats.map((c) => ({ name: c.name, ok: false })), items };
}
