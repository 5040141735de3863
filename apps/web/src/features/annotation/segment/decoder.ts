// The click-segmentation prompt decoder in the browser (onnxruntime-web, WebAssembly, one thread):
// loaded once per model URL; each run takes the image embedding and the clicks and returns the
// decoder's mask logits (a square grid over the whole image).
import type { InferenceSession, Tensor } from 'onnxruntime-web';
import type { SegmentClick } from '../canvas/tools/tool';

type Ort = typeof import('onnxruntime-web');

export class SegmentLoadError extends Error {
  constructor(
    readonly kind: 'onnx' | 'npy',
    message: string,
  ) {
    super(message);
  }
}

let ortModule: Promise<Ort> | null = null;
const sessions = new Map<string, Promise<InferenceSession>>();

function loadOrt(): Promise<Ort> {
  ortModule ??= import('onnxruntime-web/wasm').then((ort) => {
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    return ort as unknown as Ort;
  });
  return ortModule;
}

export function loadDecoder(url: string): Promise<InferenceSession> {
  let s = sessions.get(url);
  if (!s) {
    s = (async () => {
      const ort = await loadOrt();
      try {
        const res = await fetch(url, { credentials: 'same-origin' });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return await ort.InferenceSession.create(new Uint8Array(await res.arrayBuffer()), {
          executionProviders: ['wasm'],
        });
      } catch (err) {
        throw new SegmentLoadError('onnx', err instanceof Error ? err.message : String(err));
      }
    })();
    s.catch(() => sessions.delete(url));
    sessions.set(url, s);
  }
  return s;
}

export interface Embedding {
  data: Float32Array;
  shape: number[];
}

export async function decode(
  session: InferenceSession,
  emb: Embedding,
  clicks: readonly SegmentClick[],
  imageW: number,
  imageH: number,
): Promise<{ logits: Float32Array; size: number }> {
  const ort = await loadOrt();
  const coords = new Float32Array(clicks.length * 2);
  const labels = new Float32Array(clicks.length);
  clicks.forEach((c, i) => {
    coords[2 * i] = c.x / imageW;
    coords[2 * i + 1] = c.y / imageH;
    labels[i] = c.type;
  });
  const feeds: Record<string, Tensor> = {
    [session.inputNames[0]!]: new ort.Tensor('float32', emb.data, emb.shape),
    [session.inputNames[1]!]: new ort.Tensor('float32', coords, [1, clicks.length, 2]),
    [session.inputNames[2]!]: new ort.Tensor('float32', labels, [1, clicks.length]),
  };
  const out = await session.run(feeds);
  const masks = out[session.outputNames[0]!]!;
  const size = masks.dims[masks.dims.length - 1]!;
  return { logits: masks.data as Float32Array, size };
}
