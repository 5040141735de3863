// The click-segmentation model pair (SAM-style split). The default pair ships with the web app
// (apps/web/public/models/segment: encoder.onnx, decoder.onnx, segment.json, built by
// `npm run build:segment`); the server runs the encoder once per image and caches the embedding as .npy.
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';

export interface SegmentMeta {
  name: string;
  input_size: number;
  embedding: number[];
  mask_size: number;
}

export interface SegmentModel {
  dir: string;
  meta: SegmentMeta;
  /** Content hash of the encoder: part of the embedding cache key. */
  id: string;
  session: ort.InferenceSession;
}

export class SegmentModelError extends Error {
  constructor(
    readonly code: 'SEGMENT_ONNX_LOAD' | 'SEGMENT_MODEL_MISSING',
    message: string,
  ) {
    super(message);
  }
}

/** Where the default pair lives: the built web app, else the web app's public folder of this checkout. */
export function defaultModelDir(webDist: string): string | null {
  const candidates = [join(webDist, 'models/segment')];
  for (let dir = process.cwd(), i = 0; i < 6; i++, dir = dirname(dir))
    candidates.push(join(dir, 'apps/web/public/models/segment'));
  return candidates.map((c) => resolve(c)).find((c) => existsSync(join(c, 'encoder.onnx'))) ?? null;
}

const cache = new Map<string, Promise<SegmentModel>>();

export function loadSegmentModel(dir: string): Promise<SegmentModel> {
  let p = cache.get(dir);
  if (!p) {
    p = (async () => {
      const file = join(dir, 'encoder.onnx');
      if (!existsSync(file)) throw new SegmentModelError('SEGMENT_MODEL_MISSING', 'encoder.onnx missing');
      const bytes = readFileSync(file);
      let meta: SegmentMeta;
      try {
        meta = JSON.parse(readFileSync(join(dir, 'segment.json'), 'utf8')) as SegmentMeta;
      } catch {
        meta = { name: 'uploaded', input_size: 1024, embedding: [1, 256, 64, 64], mask_size: 256 };
      }
      try {
        const session = await ort.InferenceSession.create(bytes);
        return { dir, meta, id: createHash('sha256').update(bytes).digest('hex').slice(0, 16), session };
      } catch (err) {
        throw new SegmentModelError('SEGMENT_ONNX_LOAD', err instanceof Error ? err.message : String(err));
      }
    })();
    p.catch(() => cache.delete(dir));
    cache.set(dir, p);
  }
  return p;
}

/** The image embedding: the image resized to the encoder's input (RGB, 0..1, CHW), through the encoder. */
export async function embed(
  model: SegmentModel,
  image: Buffer,
): Promise<{ data: Float32Array; shape: number[] }> {
  const s = model.meta.input_size;
  const raw = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .resize(s, s, { fit: 'fill' })
    .raw()
    .toBuffer();
  const chw = new Float32Array(3 * s * s);
  for (let i = 0; i < s * s; i++) for (let c = 0; c < 3; c++) chw[c * s * s + i] = raw[i * 3 + c]! / 255;
  const input = model.session.inputNames[0]!;
  const out = await model.session.run({ [input]: new ort.Tensor('float32', chw, [1, 3, s, s]) });
  const t = out[model.session.outputNames[0]!]!;
  return { data: t.data as Float32Array, shape: [...t.dims] };
}
