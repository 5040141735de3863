// od metrics: COCO-style AP (101-point interpolation) per class at IoU 0.5 and averaged over
// 0.5:0.05:0.95, plus a score-threshold sweep at IoU 0.5.
import type { Box } from '../dataset/types';
import { boxIou } from '../infer/geometry';
import type { Detection } from '../infer/types';
import { prf, SWEEP } from './auroc';

export interface OdMetrics {
  task: 'od';
  mAP50: number;
  mAP50_95: number;
  perClass: { className: string; ap50: number; ap50_95: number; groundTruths: number }[];
  sweep: { threshold: number; precision: number; recall: number; f1: number }[];
}

const IOUS = Array.from({ length: 10 }, (_, i) => 0.5 + i * 0.05);

function matchClass(gts: Box[][], dets: Detection[][], cls: number, iou: number) {
  const all: { score: number; image: number; det: Detection }[] = [];
  dets.forEach((list, image) =>
    list.forEach((det) => det.classIndex === cls && all.push({ score: det.score, image, det })),
  );
  all.sort((a, b) => b.score - a.score);
  const used = gts.map((g) => new Array<boolean>(g.length).fill(false));
  const nGt = gts.reduce((a, g) => a + g.filter((b) => b.classIndex === cls).length, 0);
  const tp: boolean[] = [];
  for (const d of all) {
    let best = -1;
    let bestIou = iou;
    gts[d.image]!.forEach((g, j) => {
      if (g.classIndex !== cls || used[d.image]![j]) return;
      const v = boxIou(g, d.det);
      if (v >= bestIou) {
        bestIou = v;
        best = j;
      }
    });
    if (best >= 0) used[d.image]![best] = true;
    tp.push(best >= 0);
  }
  return { tp, scores: all.map((a) => a.score), nGt };
}

function averagePrecision(tp: boolean[], nGt: number): number {
  if (nGt === 0) return NaN;
  const prec: number[] = [];
  const rec: number[] = [];
  let t = 0;
  tp.forEach((hit, i) => {
    if (hit) t++;
    prec.push(t / (i + 1));
    rec.push(t / nGt);
  });
  for (let i = prec.length - 2; i >= 0; i--) prec[i] = Math.max(prec[i]!, prec[i + 1]!);
  let sum = 0;
  for (let r = 0; r <= 100; r++) {
    const i = rec.findIndex((v) => v >= r / 100);
    sum += i >= 0 ? prec[i]! : 0;
  }
  return sum / 101;
}

const mean = (v: number[]) => {
  const ok = v.filter((x) => !Number.isNaN(x));
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : 0;
};

export function detectionMetrics(classes: { name: string }[], gts: Box[][], dets: Detection[][]): OdMetrics {
  const perClass = classes.map((c, cls) => {
    const aps = IOUS.map((iou) => {
      const m = matchClass(gts, dets, cls, iou);
      return averagePrecision(m.tp, m.nGt);
    });
    const nGt = gts.reduce((a, g) => a + g.filter((b) => b.classIndex === cls).length, 0);
    return { className: c.name, ap50: aps[0]!, ap50_95: mean(aps), groundTruths: nGt };
  });
  const sweep = SWEEP.map((threshold) => {
    const kept = dets.map((list) => list.filter((d) => d.score >= threshold));
    let tp = 0;
    let fp = 0;
    let nGt = 0;
    classes.forEach((_, cls) => {
      const m = matchClass(gts, kept, cls, 0.5);
      const hits = m.tp.filter(Boolean).length;
      tp += hits;
      fp += m.tp.length - hits;
      nGt += m.nGt;
    });
    return { threshold, ...prf(tp, fp, nGt - tp) };
  });
  const withGt = perClass.filter((c) => c.groundTruths > 0);
  return {
    task: 'od',
    mAP50: mean(withGt.map((c) => c.ap50)),
    mAP50_95: mean(withGt.map((c) => c.ap50_95)),
    perClass,
    sweep,
  };
}
