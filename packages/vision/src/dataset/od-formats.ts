// The three object-detection label formats, one parser and one writer each, on text only (no files):
// the folder reader (read-od.ts), the folder writer (write-od.ts), the server's label import and the
// dataset export all go through these. Boxes are in image pixels (types.ts `Box`).
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { VisionError } from '../errors';
import type { Box } from './types';

export const OD_FORMATS = ['yolo', 'voc', 'coco'] as const;
export type OdFormat = (typeof OD_FORMATS)[number];

/** The label file extension of each format (COCO: one json for the whole set). */
export const OD_LABEL_EXTENSION: Record<OdFormat, '.txt' | '.xml' | '.json'> = {
  yolo: '.txt',
  voc: '.xml',
  coco: '.json',
};

/** One image as the writers need it. */
export interface LabelledImage {
  fileName: string;
  width: number;
  height: number;
  boxes: Box[];
}

/** Decimals kept in written labels: enough for sub-pixel boxes on 10k-pixel images. */
const round = (v: number, d = 6) => Math.round(v * 10 ** d) / 10 ** d;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

// ---------- YOLO: classes.txt + one "<class> <cx> <cy> <w> <h>" line per box, normalised to 0..1 ----------

export function parseClassNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function writeClassNames(names: readonly string[]): string {
  return `${names.join('\n')}\n`;
}

/** `file` names the label in errors. Lines that are not five numbers are skipped (comments, blanks). */
export function parseYolo(
  text: string,
  width: number,
  height: number,
  classCount: number,
  file = 'label',
): Box[] {
  const boxes: Box[] = [];
  for (const line of text.split(/\r?\n/)) {
    const v = line.trim().split(/\s+/).map(Number);
    if (v.length < 5 || v.some((n) => !Number.isFinite(n))) continue;
    const [c, cx, cy, w, h] = v as [number, number, number, number, number];
    if (c < 0 || c >= classCount || !Number.isInteger(c))
      throw new VisionError('DATA_FORMAT', `Class ${c} in ${file} is not in classes.txt`);
    boxes.push({
      classIndex: c,
      x1: (cx - w / 2) * width,
      y1: (cy - h / 2) * height,
      x2: (cx + w / 2) * width,
      y2: (cy + h / 2) * height,
    });
  }
  return boxes;
}

export function writeYolo(boxes: readonly Box[], width: number, height: number): string {
  return boxes
    .map((b) => {
      const x1 = clamp01(b.x1 / width);
      const x2 = clamp01(b.x2 / width);
      const y1 = clamp01(b.y1 / height);
      const y2 = clamp01(b.y2 / height);
      return [b.classIndex, round((x1 + x2) / 2), round((y1 + y2) / 2), round(x2 - x1), round(y2 - y1)].join(
        ' ',
      );
    })
    .map((l) => `${l}\n`)
    .join('');
}

// ---------- Pascal VOC: one xml per image, class names inline ----------

// <object> may repeat, and parts (<part>) carry boxes of their own that are not objects, so only each
// object's direct <name> and <bndbox> count.
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

export interface VocObject {
  name: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function parseVoc(text: string, file = 'annotation'): VocObject[] {
  try {
    return vocSchema.parse(xmlParser.parse(text, true)).annotation.object.map((o) => ({
      name: o.name,
      x1: o.bndbox.xmin,
      y1: o.bndbox.ymin,
      x2: o.bndbox.xmax,
      y2: o.bndbox.ymax,
    }));
  } catch (err) {
    throw new VisionError(
      'DATA_FORMAT',
      `${file} is not a Pascal VOC annotation: ${(err as Error).message.slice(0, 300)}`,
    );
  }
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function writeVoc(image: LabelledImage, names: readonly string[], depth = 3): string {
  const objects = image.boxes.map(
    (b) =>
      `  <object>\n    <name>${xmlEscape(names[b.classIndex] ?? String(b.classIndex))}</name>\n` +
      `    <pose>Unspecified</pose>\n    <truncated>0</truncated>\n    <difficult>0</difficult>\n` +
      `    <bndbox>\n      <xmin>${round(b.x1, 3)}</xmin>\n      <ymin>${round(b.y1, 3)}</ymin>\n` +
      `      <xmax>${round(b.x2, 3)}</xmax>\n      <ymax>${round(b.y2, 3)}</ymax>\n    </bndbox>\n  </object>\n`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<annotation>\n  <folder>images</folder>\n` +
    `  <filename>${xmlEscape(image.fileName)}</filename>\n` +
    `  <size>\n    <width>${image.width}</width>\n    <height>${image.height}</height>\n    <depth>${depth}</depth>\n  </size>\n` +
    `  <segmented>0</segmented>\n${objects.join('')}</annotation>\n`
  );
}

// ---------- COCO: one json for the whole set ----------

const cocoSchema = z.object({
  images: z.array(
    z.object({
      id: z.number(),
      file_name: z.string(),
      width: z.number().optional(),
      height: z.number().optional(),
    }),
  ),
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

export interface CocoSet {
  /** Category names in category id order. */
  classes: string[];
  images: { fileName: string; width?: number; height?: number; boxes: Box[] }[];
}

type CocoAnnotation = z.infer<typeof cocoSchema>['annotations'][number];

/** The annotations' shape checked by hand: the schema takes ~5 µs per annotation (150-370 ms for a
 * 30,000-box set), this a fraction of that; anything it refuses goes through the schema for its message. */
function plainAnnotations(a: unknown): a is CocoAnnotation[] {
  if (!Array.isArray(a)) return false;
  for (const x of a as Record<string, unknown>[]) {
    if (typeof x !== 'object' || x === null) return false;
    if (typeof x.image_id !== 'number' || typeof x.category_id !== 'number') return false;
    const b = x.bbox;
    if (!Array.isArray(b) || b.length !== 4) return false;
    if (
      typeof b[0] !== 'number' ||
      typeof b[1] !== 'number' ||
      typeof b[2] !== 'number' ||
      typeof b[3] !== 'number'
    )
      return false;
  }
  return true;
}

/** `json` is the parsed file (see `parseJsonText`). */
export function parseCoco(json: unknown, file = 'annotations.json'): CocoSet {
  const given = (json as { annotations?: unknown } | null)?.annotations;
  const fast = typeof json === 'object' && json !== null && plainAnnotations(given);
  const parsed = cocoSchema.safeParse(fast ? { ...json, annotations: [] } : json);
  if (!parsed.success)
    throw new VisionError(
      'DATA_FORMAT',
      `${file} is not COCO json: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`,
    );
  const coco = fast ? { ...parsed.data, annotations: given } : parsed.data;
  const cats = [...coco.categories].sort((a, b) => a.id - b.id);
  const catIndex = new Map(cats.map((c, i) => [c.id, i]));
  const byImage = new Map<number, Box[]>();
  for (const a of coco.annotations) {
    const [x, y, w, h] = a.bbox;
    const classIndex = catIndex.get(a.category_id);
    if (classIndex === undefined)
      throw new VisionError('DATA_FORMAT', `${file}: category ${a.category_id} is not among the categories`);
    const list = byImage.get(a.image_id) ?? [];
    list.push({ classIndex, x1: x, y1: y, x2: x + w, y2: y + h });
    byImage.set(a.image_id, list);
  }
  return {
    classes: cats.map((c) => c.name),
    images: coco.images.map((im) => ({
      fileName: im.file_name,
      width: im.width,
      height: im.height,
      boxes: byImage.get(im.id) ?? [],
    })),
  };
}

export function parseJsonText(text: string, file = 'annotations.json'): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new VisionError('DATA_FORMAT', `${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** COCO ids start at 1 (0 is background for many tools); image ids follow `images` order. */
export function writeCoco(images: readonly LabelledImage[], names: readonly string[]): string {
  let annId = 0;
  const annotations: unknown[] = [];
  images.forEach((im, i) => {
    for (const b of im.boxes) {
      const w = round(b.x2 - b.x1, 3);
      const h = round(b.y2 - b.y1, 3);
      annotations.push({
        id: ++annId,
        image_id: i + 1,
        category_id: b.classIndex + 1,
        bbox: [round(b.x1, 3), round(b.y1, 3), w, h],
        area: round(w * h, 3),
        iscrowd: 0,
      });
    }
  });
  return JSON.stringify({
    info: { description: 'Sightline export' },
    images: images.map((im, i) => ({
      id: i + 1,
      file_name: im.fileName,
      width: im.width,
      height: im.height,
    })),
    annotations,
    categories: names.map((name, i) => ({ id: i + 1, name, supercategory: 'none' })),
  });
}
