// evaluate(): runs a model over a labelled dataset and computes the task's metrics plus per-image
// results for the result pages.
import type { VisionDataset } from './dataset/types';
import { VisionError } from './errors';
import { AnomalyAccumulator, type AdMetrics } from './eval/anomaly';
import { classificationMetrics, type CfMetrics } from './eval/classification';
import { detectionMetrics, type OdMetrics } from './eval/detection';
import { SegmentationAccumulator, type SgMetrics } from './eval/segmentation';
import { inferenceParamsOf, loadModel, type VisionModel } from './infer/model';
import { resolveParams } from '@sightline/domain';
import type {
  AdPrediction,
  CfPrediction,
  Detection,
  OdPrediction,
  Prediction,
  SgPrediction,
} from './infer/types';

export type Metrics = CfMetrics | OdMetrics | SgMetrics | AdMetrics;

/**
 * od: the metrics rank every detection down to this score (average precision integrates the whole
 * precision-recall curve, as COCO/VOC evaluation does); the asked `scoreThreshold` (default 0.3) only filters
 * the per-image results. Cutting the ranking at 0.3 lowered DeepPCB mAP@0.5 by 0.027 on a subset model.
 */
export const OD_METRIC_SCORE_FLOOR = 0.01;

export interface ImageResult {
  path: string;
  /** cf: predicted class and score; ad: anomaly score; od: detections; sg: regions and IoU. */
  predicted: {
    classIndex?: number;
    className?: string;
    score?: number;
    anomalous?: boolean;
    detections?: Detection[];
    regions?: SgPrediction['regions'];
    iou?: (number | null)[];
  };
  actual: { classIndex?: number; anomalous?: boolean; boxes?: number };
  correct?: boolean;
}

export interface EvaluationResult {
  task: VisionDataset['task'];
  metrics: Metrics;
  images: ImageResult[];
  seconds: number;
}

export interface EvaluateOptions {
  params?: Record<string, number>;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  chunk?: number;
}

export async function evaluate(
  model: VisionModel | string,
  data: VisionDataset,
  opts: EvaluateOptions = {},
): Promise<EvaluationResult> {
  const started = Date.now();
  const m = typeof model === 'string' ? await loadModel(model) : model;
  try {
    if (m.manifest.task !== data.task)
      throw new VisionError('TASK_MISMATCH', `A ${m.manifest.task} model cannot evaluate ${data.task} data`);
    if (data.task === 'cf' || data.task === 'sg' || data.task === 'od')
      checkClasses(m.manifest.classes, data.classes);
    const preds: Prediction[] = [];
    const images: ImageResult[] = [];
    const sg = new SegmentationAccumulator(m.manifest.classes);
    const ad = new AnomalyAccumulator();
    const chunk = opts.chunk ?? 64;
    const shown = resolveParams(inferenceParamsOf(m.manifest), opts.params ?? {}).scoreThreshold ?? 0;
    const params =
      data.task === 'od'
        ? { ...opts.params, scoreThreshold: Math.min(shown, OD_METRIC_SCORE_FLOOR) }
        : opts.params;
    for (let i = 0; i < data.items.length; i += chunk) {
      if (opts.signal?.aborted) throw new VisionError('CANCELLED', 'Evaluation was cancelled');
      const items = data.items.slice(i, i + chunk);
      const out = await m.predict(
        items.map((it) => it.path),
        { params },
      );
      for (const [j, p] of out.entries()) {
        const item = items[j]!;
        if (p.task === 'cf') {
          preds.push(p);
          images.push({
            path: item.path,
            predicted: { classIndex: p.classIndex, className: p.className, score: p.score },
            actual: { classIndex: item.label },
            correct: p.classIndex === item.label,
          });
        } else if (p.task === 'od') {
          preds.push(p);
          images.push({
            path: item.path,
            predicted: { detections: p.detections.filter((d) => d.score >= shown) },
            actual: { boxes: item.boxes?.length ?? 0 },
          });
        } else if (p.task === 'sg') {
          const { iou } = await sg.add(item, p);
          images.push({ path: item.path, predicted: { regions: p.regions, iou }, actual: {} });
        } else {
          await ad.add(item, p);
          images.push({
            path: item.path,
            predicted: { score: p.score, anomalous: p.anomalous },
            actual: { anomalous: Boolean(item.anomalous) },
            correct: p.anomalous === Boolean(item.anomalous),
          });
          preds.push({ ...p, heatmaps: [] } satisfies AdPrediction);
        }
      }
      opts.onProgress?.(Math.min(data.items.length, i + chunk), data.items.length);
    }
    let metrics: Metrics;
    if (data.task === 'cf')
      metrics = classificationMetrics(
        m.manifest.classes,
        data.items.map((it) => it.label ?? -1),
        preds as CfPrediction[],
      );
    else if (data.task === 'od')
      metrics = detectionMetrics(
        m.manifest.classes,
        data.items.map((it) => it.boxes ?? []),
        (preds as OdPrediction[]).map((p) => p.detections),
      );
    else if (data.task === 'sg') metrics = sg.result();
    else {
      const t = (m.manifest.threshold ?? 0.5) * (opts.params?.thresholdScale ?? 1);
      metrics = ad.result(t);
    }
    return { task: data.task, metrics, images, seconds: (Date.now() - started) / 1000 };
  } finally {
    if (typeof model === 'string') await m.close();
  }
}

/** Evaluation data must name its classes as the model does (order, name), as learning compare requires. */
function checkClasses(model: { name: string }[], data: { name: string }[]) {
  if (model.length !== data.length || model.some((c, i) => c.name !== data[i]!.name)) {
    throw new VisionError(
      'CLASS_MISMATCH',
      `The data's classes (${data.map((c) => c.name).join(', ')}) differ from the model's (${model.map((c) => c.name).join(', ')})`,
    );
  }
}
