// A loaded model: manifest + ONNX session; predicts batches of images for any task.
import { join } from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import { findAlgorithm, defaultAlgorithmFor, resolveParams, type AlgorithmParam } from '@sightline/domain';
import { readManifest, type ModelManifest } from '../artifact/manifest';
import { decodeCf, decodeOd, pasteSgLabels, sgRegions, type CropOutputs } from './decode';
import { prepare, type ImageSource, type Prepared } from './preprocess';
import { createSession, runBatch } from './session';
import { fuseScaleViews, SCALE_VIEW_IOU, stitchDetections, stitchHeatmap, stitchSgLabels } from './tiles';
import type { AdPrediction, CfPrediction, Prediction, PredictOptions } from './types';

export interface VisionModel {
  dir: string;
  manifest: ModelManifest;
  session: InferenceSession;
  predict(images: ImageSource[], opts?: PredictOptions): Promise<Prediction[]>;
  /** Decoding and preprocessing only (what `predict` does before the network). */
  prepare(images: ImageSource[]): Promise<Prepared[]>;
  /** Batching, the network and output decoding on already prepared images. */
  predictPrepared(prepared: Prepared[], opts?: PredictOptions): Promise<Prediction[]>;
  /** Raw network outputs for prepared crops (used by evaluation and the parity check). */
  run(
    batch: Float32Array,
    n: number,
  ): Promise<Record<string, { data: Float32Array; dims: readonly number[] }>>;
  /**
   * Where a batch of `length` values is assembled before `run` (default: a fresh Float32Array). A host that
   * runs the network elsewhere can hand out buffers it reuses (the inspection API's shared slots).
   */
  batchBuffer?(length: number): Float32Array;
  /**
   * Where `prepare` puts a crop of `length` values (default: a fresh Float32Array; every value is written).
   * The inspection API hands out crops it takes back once an image is judged.
   */
  cropBuffer?(length: number): Float32Array;
  close(): Promise<void>;
}

export function inferenceParamsOf(manifest: ModelManifest): AlgorithmParam[] {
  const algo =
    (manifest.algorithm && findAlgorithm(manifest.algorithm)) || defaultAlgorithmFor(manifest.task);
  return algo.inferenceParams;
}

export async function loadModel(dir: string, threads?: number): Promise<VisionModel> {
  const manifest = await readManifest(dir);
  const session = await createSession(join(dir, manifest.files.onnx), threads);
  const { size, channels } = manifest.input;
  const model: VisionModel = {
    dir,
    manifest,
    session,
    run: (batch, n) => runBatch(session, batch, n, channels, size),
    predict: (images, opts = {}) =>
      predict(model, images, resolveParams(inferenceParamsOf(manifest), opts.params ?? {})),
    prepare: (images) =>
      Promise.all(images.map((src) => prepare(src, manifest.input, model.cropBuffer?.bind(model)))),
    predictPrepared: async (prepared, opts = {}) => {
      const p = resolveParams(inferenceParamsOf(manifest), opts.params ?? {});
      const out: Prediction[] = [];
      for (let i = 0; i < prepared.length; i += p.batchSize!)
        out.push(...(await runPrepared(model, prepared.slice(i, i + p.batchSize!), p)));
      return out;
    },
    close: () => session.release(),
  };
  return model;
}

/** Decodes images a few at a time (sharp works on its own threads) and runs fixed-size batches. */
async function predict(
  model: VisionModel,
  images: ImageSource[],
  p: Record<string, number>,
): Promise<Prediction[]> {
  const results: Prediction[] = [];
  const bs = p.batchSize ?? 16;
  let next = prepareAhead(images, 0, bs, model);
  for (let i = 0; i < images.length; i += bs) {
    const prepared = await next;
    // Decode the next batch while the network runs on this one.
    if (i + bs < images.length) next = prepareAhead(images, i + bs, bs, model);
    results.push(...(await runPrepared(model, prepared, p)));
  }
  return results;
}

async function runPrepared(
  model: VisionModel,
  prepared: Prepared[],
  p: Record<string, number>,
): Promise<Prediction[]> {
  const { size, channels } = model.manifest.input;
  const plane = channels * size * size;
  const crops = prepared.flatMap((pr) => pr.crops);
  const batch = model.batchBuffer?.(crops.length * plane) ?? new Float32Array(crops.length * plane);
  crops.forEach((c, j) => batch.set(c, j * plane));
  const out = await model.run(batch, crops.length);
  let cursor = 0;
  return prepared.map((pr) => {
    const perCrop = pr.crops.map((_, j) => sliceOutputs(out, cursor + j));
    cursor += pr.crops.length;
    return combine(model.manifest, pr, perCrop, p);
  });
}

function prepareAhead(
  images: ImageSource[],
  from: number,
  n: number,
  model: VisionModel,
): Promise<Prepared[]> {
  return Promise.all(images.slice(from, from + n).map((src) => prepare(src, model.manifest.input)));
}

export function sliceOutputs(
  out: Record<string, { data: Float32Array; dims: readonly number[] }>,
  index: number,
): CropOutputs {
  const res: CropOutputs = {};
  for (const [name, t] of Object.entries(out)) {
    const dims = t.dims.slice(1);
    const len = dims.reduce((a, b) => a * b, 1);
    res[name] = { data: t.data.subarray(index * len, (index + 1) * len), dims };
  }
  return res;
}

function combine(
  m: ModelManifest,
  pr: Prepared,
  crops: CropOutputs[],
  p: Record<string, number>,
): Prediction {
  switch (m.task) {
    case 'cf': {
      // With target regions the image takes the most confident NG region, else the least confident OK one.
      const preds = crops.map((c) => decodeCf(m, c));
      const ng = preds.filter((q) => !q.ok).sort((a, b) => b.score - a.score);
      return ng[0] ?? preds.sort((a, b) => a.score - b.score)[0]!;
    }
    case 'od': {
      if (pr.tiles) {
        const grids = [pr.tiles, ...(pr.views ?? [])];
        // With several scale views, each view keeps boxes down to a share of the threshold, since fusing
        // averages a box's scores over the views (a box just under the threshold in one view still counts).
        const floor = { ...p, scoreThreshold: p.scoreThreshold! / grids.length };
        const perTile = crops.map((c, j) => decodeOd(m, c, pr.rects[j]!, floor));
        let from = 0;
        const views = grids.map(({ grid, spec }) => {
          const tiles = perTile.slice(from, (from += grid.origins.length));
          return stitchDetections(tiles, grid, spec, pr.width, pr.height, p.nmsIou!, p.maxDetections!);
        });
        const detections =
          views.length === 1
            ? views[0]!
            : fuseScaleViews(views, SCALE_VIEW_IOU, p.nmsIou!, p.maxDetections!).filter(
                (d) => d.score >= p.scoreThreshold!,
              );
        return { task: 'od', detections };
      }
      return { task: 'od', detections: crops.flatMap((c, j) => decodeOd(m, c, pr.rects[j]!, p)) };
    }
    case 'sg': {
      if (pr.tiles) {
        const labels = stitchSgLabels(
          crops.map((c) => c.probs!.data),
          m.classes.length + 1,
          pr.tiles.grid,
          pr.tiles.spec,
          pr.width,
          pr.height,
        );
        return {
          task: 'sg',
          labelMap: labels,
          width: pr.width,
          height: pr.height,
          regions: sgRegions(m, labels, pr.width, pr.height, p),
        };
      }
      const labels = new Uint8Array(pr.width * pr.height);
      crops.forEach((c, j) => pasteSgLabels(c, pr.rects[j]!, m.input.size, labels, pr.width));
      return {
        task: 'sg',
        labelMap: labels,
        width: pr.width,
        height: pr.height,
        regions: sgRegions(m, labels, pr.width, pr.height, p),
      };
    }
    case 'ad': {
      const threshold = (m.threshold ?? 0.5) * (p.thresholdScale ?? 1);
      // Tile mode: one heatmap of the whole image (tiles stitched); else one per crop at the input size.
      const heatmaps = pr.tiles
        ? [
            {
              rect: [0, 0, pr.width, pr.height] as [number, number, number, number],
              ...stitchHeatmap(
                crops.map((c) => c.anomaly_map!.data),
                pr.tiles.grid,
                pr.tiles.spec,
              ),
            },
          ]
        : crops.map((c, j) => ({
            rect: pr.rects[j]!,
            size: m.input.size,
            data: Float32Array.from(c.anomaly_map!.data),
          }));
      const score = Math.max(...crops.map((c) => c.score!.data[0]!));
      return { task: 'ad', score, anomalous: score >= threshold, threshold, heatmaps } satisfies AdPrediction;
    }
  }
}

export type { CfPrediction };
