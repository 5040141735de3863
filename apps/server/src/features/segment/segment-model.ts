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
    readonly code: 'SEGMENT_ONNX_LOAD' | 'SEGMENT_MODEL_MISSING' | 'SEGMENT_MODEL_SHAPE',
    message: string,
  ) {
    super(message);
  }
}

const modelId = (encoder: Buffer) => createHash('sha256').update(encoder).digest('hex').slice(0, 16);

async function session(which: 'encoder' | 'decoder', bytes: Buffer): Promise<ort.InferenceSession> {
  try {
    return await ort.InferenceSession.create(bytes);
  } catch (err) {
    throw new SegmentModelError('SEGMENT_ONNX_LOAD', `${which}: ${err instanceof Error ? err.message : err}`);
  }
}

const shapeError = (detail: string) => new SegmentModelError('SEGMENT_MODEL_SHAPE', detail);

/**
 * Checks an uploaded SAM-style pair with onnxruntime-node and answers its sizes: the encoder takes one
 * `image [1,3,S,S]` and gives one `embedding [1,C,H,W]`; the decoder takes (embedding, point_coords
 * [1,N,2], point_labels [1,N]) in that order and gives `masks [1,1,M,M]` logits. Both are run once on
 * zeros and two clicks, so a pair that loads but does not fit together is refused too.
 */
export async function inspectPair(encoder: Buffer, decoder: Buffer, name: string): Promise<SegmentMeta> {
  const enc = await session('encoder', encoder);
  const dec = await session('decoder', decoder);
  try {
    const meta = enc.inputMetadata[0];
    const dims = meta && meta.isTensor ? meta.shape : [];
    const s = dims[2];
    if (
      enc.inputNames.length !== 1 ||
      dims.length !== 4 ||
      dims[1] !== 3 ||
      typeof s !== 'number' ||
      dims[3] !== s ||
      s < 8 ||
      s > 2048
    )
      throw shapeError(`encoder input must be one image [1,3,S,S], not ${JSON.stringify(dims)}`);
    let embedding: ort.Tensor;
    try {
      const out = await enc.run({
        [enc.inputNames[0]!]: new ort.Tensor('float32', new Float32Array(3 * s * s), [1, 3, s, s]),
      });
      embedding = out[enc.outputNames[0]!]!;
    } catch (err) {
      throw shapeError(`encoder: ${err instanceof Error ? err.message : err}`);
    }
    if (embedding.dims.length !== 4 || embedding.dims[0] !== 1)
      throw shapeError(
        `encoder output must be an embedding [1,C,H,W], not ${JSON.stringify(embedding.dims)}`,
      );
    if (dec.inputNames.length !== 3)
      throw shapeError(
        `decoder inputs must be (embedding, point_coords, point_labels), not ${dec.inputNames.join(', ')}`,
      );
    let masks: ort.Tensor;
    try {
      const out = await dec.run({
        [dec.inputNames[0]!]: embedding,
        [dec.inputNames[1]!]: new ort.Tensor(
          'float32',
          new Float32Array([0.25, 0.25, 0.75, 0.75]),
          [1, 2, 2],
        ),
        [dec.inputNames[2]!]: new ort.Tensor('float32', new Float32Array([1, 0]), [1, 2]),
      });
      masks = out[dec.outputNames[0]!]!;
    } catch (err) {
      throw shapeError(
        `decoder does not take the encoder's embedding ${JSON.stringify(embedding.dims)} and two clicks: ${err instanceof Error ? err.message.split('\n')[0] : err}`,
      );
    }
    const m = masks.dims[2];
    if (masks.dims.length !== 4 || masks.dims[0] !== 1 || masks.dims[1] !== 1 || m !== masks.dims[3] || !m)
      throw shapeError(`decoder output must be masks [1,1,M,M], not ${JSON.stringify(masks.dims)}`);
    return { name, input_size: s, embedding: [...embedding.dims], mask_size: m };
  } finally {
    await Promise.all([enc.release(), dec.release()]);
  }
}

/** A pair kept in storage (an admin's upload): loaded from its encoder bytes, cached by content id. */
export function loadStoredSegmentModel(meta: SegmentMeta, encoder: () => Promise<Buffer>, id: string) {
  const key = `stored:${id}`;
  let p = cache.get(key);
  if (!p) {
    p = (async () => {
      const bytes = await encoder();
      return { dir: key, meta, id: modelId(bytes), session: await session('encoder', bytes) };
    })();
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
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
        return { dir, meta, id: modelId(bytes), session };
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
