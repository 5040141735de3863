// Click segmentation for the canvas: the server computes the image embedding once (.npy, cached);
// the browser loads the prompt decoder once and runs it for every click, so a click costs no
// network round trip. Load failures show the §8 npy / onnx messages.
import { useEffect } from 'react';
import type { DatasetImage } from '@sightline/domain';
import { api } from '../../../api/client';
import { flash } from '../../../components/flash';
import i18n from '../../../i18n';
import type { AnnotationCanvas } from '../canvas/canvas';
import { decode, loadDecoder, SegmentLoadError, type Embedding } from '../segment/decoder';
import { maskFromLogits } from '../segment/mask-from-logits';
import { readNpy } from '@sightline/domain';

interface ModelInfo {
  decoder_url: string;
  mask_size: number;
}

/** Per dataset: the pair of its project (an admin's upload, the project's refined pair, or the default). */
const modelInfo = new Map<number, Promise<ModelInfo>>();
const embeddings = new Map<string, Promise<Embedding>>();

function model(datasetId: number): Promise<ModelInfo> {
  let p = modelInfo.get(datasetId);
  if (!p) {
    p = api.get<ModelInfo>(`/api/v2/segment/model?dataset_id=${datasetId}`).catch((err: unknown) => {
      modelInfo.delete(datasetId);
      throw new SegmentLoadError('onnx', err instanceof Error ? err.message : String(err));
    });
    modelInfo.set(datasetId, p);
  }
  return p;
}

/** Forgets the model info and the embeddings: the next click loads the project's current pair. */
export function resetSegmentModel(): void {
  modelInfo.clear();
  embeddings.clear();
}

export function embeddingOf(datasetId: number, imageId: string): Promise<Embedding> {
  const key = `${datasetId}/${imageId}`;
  let p = embeddings.get(key);
  if (!p) {
    p = api
      .get<Blob>(`/api/v2/datasets/${datasetId}/images/${imageId}/segment-embedding`, {
        responseType: 'blob',
      })
      .then(async (blob) => readNpy(new Uint8Array(await blob.arrayBuffer())))
      .catch((err: unknown) => {
        embeddings.delete(key);
        throw err instanceof SegmentLoadError
          ? err
          : new SegmentLoadError('npy', err instanceof Error ? err.message : String(err));
      });
    embeddings.set(key, p);
    if (embeddings.size > 50) embeddings.delete(embeddings.keys().next().value!);
  }
  return p;
}

function report(err: unknown): never {
  const kind = err instanceof SegmentLoadError ? err.kind : 'onnx';
  flash('error', i18n.t(kind === 'npy' ? 'annotation:errors.npyLoad' : 'annotation:errors.onnxLoad'));
  throw err;
}

export function useSegmenter(
  canvas: AnnotationCanvas | null,
  datasetId: number,
  image: DatasetImage | null,
): void {
  useEffect(() => {
    if (!canvas || !image) return;
    const { width: w, height: h } = image;
    const prefetch = () => {
      if (canvas.store.get().tool !== 'sam') return;
      void model(datasetId)
        .then((m) => loadDecoder(m.decoder_url))
        .catch(() => undefined);
      void embeddingOf(datasetId, image.id).catch(() => undefined);
    };
    prefetch();
    const off = canvas.store.subscribe((s, prev) => {
      if (s.tool !== prev.tool) prefetch();
    });
    canvas.setSegmenter(async (clicks) => {
      const [info, emb] = await Promise.all([model(datasetId), embeddingOf(datasetId, image.id)]).catch(
        report,
      );
      const session = await loadDecoder(info.decoder_url).catch(report);
      const { logits, size } = await decode(session, emb, clicks, w, h);
      return maskFromLogits(logits, size, w, h, clicks);
    });
    return () => {
      off();
      canvas.setSegmenter(null);
    };
  }, [canvas, datasetId, image]);
}
