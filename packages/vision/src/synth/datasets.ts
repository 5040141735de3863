// Writes synthetic datasets in the folder layouts the CLI reads (cf class folders, od YOLO,
// sg images + per-class masks, ad MVTec AD).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  brushedSurface,
  gauss,
  paintDefect,
  paintFaintDefect,
  paintShape,
  rng,
  surface,
  toGrayBytes,
  type DefectKind,
  type ShapeKind,
} from './surface';

async function png(path: string, img: Float32Array | Uint8Array, size: number, colour = false) {
  const bytes = img instanceof Float32Array ? toGrayBytes(img) : Buffer.from(img.map((v) => v * 255));
  let s = sharp(bytes, { raw: { width: size, height: size, channels: 1 } });
  s = s.toColourspace(colour ? 'srgb' : 'b-w');
  await s.png().toFile(path);
}

export interface SynthOptions {
  size?: number;
  seed?: number;
  colour?: boolean;
}

export async function writeClassificationSet(
  dir: string,
  perClass: number,
  opts: SynthOptions & { kinds?: ('good' | DefectKind)[] } = {},
) {
  const { size = 64, seed = 1, kinds = ['good', 'scratch', 'spot', 'crack'] } = opts;
  const r = rng(seed);
  for (const kind of kinds) {
    await mkdir(join(dir, kind), { recursive: true });
    for (let i = 0; i < perClass; i++) {
      const img = surface(r, size);
      if (kind !== 'good') paintDefect(img, size, kind, r);
      await png(join(dir, kind, `${kind}_${i}.png`), img, size, opts.colour);
    }
  }
}

/**
 * MVTec AD layout: train/good, test/{good,defect}, ground_truth/defect/<stem>_mask.png. `hard` makes a set
 * for telling methods apart: varied brushed surfaces under an illumination gradient, and faint defects
 * (scratch, spot, crack, stain, pinholes at a contrast of 0.12-0.24 against grain of ~0.05).
 */
export async function writeAnomalySet(
  dir: string,
  nTrain: number,
  nTest: number,
  opts: SynthOptions & { hard?: boolean } = {},
) {
  const { size = 64, seed = 2, hard = false } = opts;
  const r = rng(seed);
  const draw = hard ? brushedSurface : surface;
  for (const d of ['train/good', 'test/good', 'test/defect', 'ground_truth/defect'])
    await mkdir(join(dir, d), { recursive: true });
  for (let i = 0; i < nTrain; i++) await png(join(dir, 'train/good', `${i}.png`), draw(r, size), size);
  const kinds: DefectKind[] = hard
    ? ['scratch', 'spot', 'crack', 'stain', 'pinholes']
    : ['scratch', 'spot', 'crack'];
  for (let i = 0; i < nTest; i++) {
    const img = draw(r, size);
    if (i % 2 === 0) {
      await png(join(dir, 'test/good', `${i}.png`), img, size);
    } else {
      const kind = kinds[hard ? ((i - 1) / 2) % kinds.length : i % 3]!;
      const mask = hard
        ? paintFaintDefect(img, size, kind, r, 0.12 + 0.12 * r())
        : paintDefect(img, size, kind, r);
      await png(join(dir, 'test/defect', `${i}.png`), img, size);
      await png(join(dir, 'ground_truth/defect', `${i}_mask.png`), mask, size);
    }
  }
}

/** images/ + masks/<class>/: every image carries one or two defects. */
export async function writeSegmentationSet(
  dir: string,
  n: number,
  opts: SynthOptions & { kinds?: DefectKind[] } = {},
) {
  const { size = 64, seed = 3, kinds = ['scratch', 'spot'] } = opts;
  const r = rng(seed);
  await mkdir(join(dir, 'images'), { recursive: true });
  for (const k of kinds) await mkdir(join(dir, 'masks', k), { recursive: true });
  for (let i = 0; i < n; i++) {
    const img = surface(r, size);
    for (const [j, k] of kinds.entries()) {
      if (j > 0 && r() < 0.4) continue;
      const mask = paintDefect(img, size, k, r);
      await png(join(dir, 'masks', k, `${i}.png`), mask, size);
    }
    await png(join(dir, 'images', `${i}.png`), img, size);
  }
}

/** YOLO layout: images/, labels/<stem>.txt, classes.txt; 1-3 shapes per image. */
export async function writeDetectionSet(dir: string, n: number, opts: SynthOptions = {}) {
  const { size = 64, seed = 4 } = opts;
  const r = rng(seed);
  const kinds: ShapeKind[] = ['square', 'disc'];
  await mkdir(join(dir, 'images'), { recursive: true });
  await mkdir(join(dir, 'labels'), { recursive: true });
  await writeFile(join(dir, 'classes.txt'), kinds.join('\n') + '\n');
  for (let i = 0; i < n; i++) {
    const img = surface(r, size);
    const boxes: number[][] = [];
    const lines: string[] = [];
    const count = 1 + Math.floor(r() * 3);
    for (let j = 0; j < count; j++) {
      const c = Math.floor(r() * 2);
      const b = paintShape(img, size, kinds[c]!, r, boxes);
      if (!b) continue;
      boxes.push(b);
      const [x1, y1, x2, y2] = b as [number, number, number, number];
      lines.push(
        `${c} ${((x1 + x2) / 2 / size).toFixed(6)} ${((y1 + y2) / 2 / size).toFixed(6)} ${((x2 - x1) / size).toFixed(6)} ${((y2 - y1) / size).toFixed(6)}`,
      );
    }
    await png(join(dir, 'images', `${i}.png`), img, size);
    await writeFile(join(dir, 'labels', `${i}.txt`), lines.join('\n') + '\n');
  }
}

/**
 * Colour classification: each image carries one spot whose colour (reddish or bluish) has the same
 * BT.601 luma as its counterpart, so only a colour model can tell the classes apart.
 */
export async function writeHueSet(dir: string, perClass: number, opts: SynthOptions = {}) {
  const { size = 48, seed = 5 } = opts;
  const r = rng(seed);
  // Equal luma (0.299 R + 0.587 G + 0.114 B = 0.45), different hue.
  const hues = { red: [0.85, 0.28, 0.28], blue: [0.22, 0.43, 0.98] } as const;
  for (const [name, rgb] of Object.entries(hues)) {
    await mkdir(join(dir, name), { recursive: true });
    for (let i = 0; i < perClass; i++) {
      const grey = surface(r, size);
      const px = Buffer.alloc(size * size * 3);
      const cx = (0.25 + 0.5 * r()) * size;
      const cy = (0.25 + 0.5 * r()) * size;
      const rad = (0.12 + 0.08 * r()) * size;
      for (let p = 0; p < size * size; p++) {
        const inside = Math.hypot((p % size) + 0.5 - cx, Math.floor(p / size) + 0.5 - cy) <= rad;
        for (let c = 0; c < 3; c++) {
          const v = inside ? rgb[c]! + 0.03 * gauss(r) : grey[p]!;
          px[p * 3 + c] = Math.round(Math.min(1, Math.max(0, v)) * 255);
        }
      }
      await sharp(px, { raw: { width: size, height: size, channels: 3 } })
        .png()
        .toFile(join(dir, name, `${name}_${i}.png`));
    }
  }
}
