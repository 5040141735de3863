// The pure parts of evaluation.run: result rows per task, od box matching, ad ROC points and metrics
// detail (validated against the domain schema), and the overlay PNG encoder (decoded back with sharp).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EvaluationResult } from '@sightline/vision';
import { boxesMatch, metricsDetail, resultRows, rocPoints } from '../src/bodies/evaluation/results';
import {
  heatmapPng,
  maskPng,
  truthMaskPng,
  truthOverlayKey,
  overlayKey,
} from '../src/bodies/evaluation/overlays';
import { encodePng } from '../src/png';

const meta = (n: number) => ({
  imageIds: Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`),
  fileNames: Array.from({ length: n }, (_, i) => `f${i}.png`),
  overlayKeys: Array.from({ length: n }, () => null),
  threshold: null as number | null,
});

describe('evaluation result rows', () => {
  it('od: an image is correct when every true box is found once with its class at IoU ≥ 0.5', () => {
    const t = [{ class_index: 0, x: 0, y: 0, w: 10, h: 10 }];
    expect(boxesMatch(t, [{ class_index: 0, x: 1, y: 1, w: 10, h: 10, score: 0.9 }])).toBe(true);
    expect(boxesMatch(t, [{ class_index: 1, x: 1, y: 1, w: 10, h: 10 }])).toBe(false);
    expect(boxesMatch(t, [{ class_index: 0, x: 6, y: 6, w: 10, h: 10 }])).toBe(false);
    expect(boxesMatch(t, [])).toBe(false);
    expect(boxesMatch([], [])).toBe(true);
    const rows = resultRows(
      'od',
      [
        {
          path: 'a',
          predicted: {
            detections: [{ classIndex: 0, className: 'a', score: 0.8, x1: 0, y1: 0, x2: 10, y2: 10 }],
          },
          actual: { boxes: 1 },
        },
      ],
      [{ path: 'a', boxes: [{ classIndex: 0, x1: 0, y1: 0, x2: 10, y2: 10 }] }],
      meta(1),
    );
    expect(rows[0]).toMatchObject({ predictedClass: 0, trueClass: 0, score: 0.8, correct: true });
    expect(rows[0]!.predBoxes).toEqual([{ class_index: 0, x: 0, y: 0, w: 10, h: 10, score: 0.8 }]);
  });

  it('ad: judged at the evaluation threshold (score ≥ threshold is NG), 0 = OK and 1 = NG', () => {
    const images = [0.2, 0.6, 0.4, 0.9].map((score, i) => ({
      path: `${i}`,
      predicted: { score, anomalous: false },
      actual: { anomalous: i % 2 === 1 },
    }));
    const rows = resultRows('ad', images, [], { ...meta(4), threshold: 0.5 });
    expect(rows.map((r) => [r.trueClass, r.predictedClass, r.correct])).toEqual([
      [0, 0, true],
      [1, 1, true],
      [0, 0, true],
      [1, 1, true],
    ]);
    const result = {
      task: 'ad',
      seconds: 1,
      images,
      metrics: {
        task: 'ad',
        imageAUROC: 1,
        pixelAUROC: null,
        threshold: 0.5,
        precision: 1,
        recall: 1,
        f1: 1,
        sweep: [],
      },
    } as EvaluationResult;
    const { detail, headline } = metricsDetail(result, [], rows, 0.3);
    expect(detail).toMatchObject({
      task: 'ad',
      threshold: 0.3,
      scores: { ok: [0.2, 0.4], ng: [0.6, 0.9] },
      recall: 1,
    });
    if (detail.task === 'ad') expect(detail.precision).toBeCloseTo(2 / 3, 6);
    expect(headline).toEqual({ imageAUROC: 1, f1: 0.8 });
  });

  it('ROC points run from (0,0) to (1,1) and are monotone', () => {
    const roc = rocPoints([0.1, 0.3, 0.5], [0.4, 0.8]);
    expect(roc[0]).toEqual({ fpr: 0, tpr: 0, threshold: 1 });
    expect(roc.at(-1)).toMatchObject({ fpr: 1, tpr: 1 });
    for (let i = 1; i < roc.length; i++) {
      expect(roc[i]!.fpr).toBeGreaterThanOrEqual(roc[i - 1]!.fpr);
      expect(roc[i]!.tpr).toBeGreaterThanOrEqual(roc[i - 1]!.tpr);
    }
    expect(
      rocPoints(
        Array.from({ length: 1000 }, (_, i) => i / 1000),
        [0.5],
      ).length,
    ).toBeLessThanOrEqual(202);
  });

  it('cf detail carries the OK flags of the model classes; the schema refuses a bad shape', () => {
    const result = {
      task: 'cf',
      seconds: 1,
      images: [],
      metrics: {
        task: 'cf',
        accuracy: 0.5,
        macroF1: 0.4,
        perClass: [{ className: 'good', precision: 1, recall: 0.5, f1: 0.6, support: 2 }],
        confusion: [[1, 1]],
        sweep: [],
      },
    } as unknown as EvaluationResult;
    const { detail, headline } = metricsDetail(result, [{ index: 0, name: 'good', ok: true }], [], null);
    expect(detail).toMatchObject({ task: 'cf', perClass: [{ name: 'good', ok: true, support: 2 }] });
    expect(headline).toEqual({ accuracy: 0.5, macroF1: 0.4 });
    const bad = {
      ...result,
      metrics: { ...result.metrics, confusion: [[0.5]] },
    } as unknown as EvaluationResult;
    expect(() => metricsDetail(bad, [], [], null)).toThrow();
  });
});

describe('overlay PNGs', () => {
  it('encodes grey and RGBA pixels that decode back unchanged', async () => {
    const grey = Uint8Array.from({ length: 6 }, (_, i) => i * 40);
    const png = encodePng(3, 2, 1, grey);
    expect(await sharp(png).metadata()).toMatchObject({ width: 3, height: 2, channels: 1 });
    const back = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    expect([...back.data]).toEqual([...grey]);
    const mask = maskPng({
      task: 'sg',
      width: 2,
      height: 1,
      labelMap: Uint8Array.from([0, 1]),
      regions: [],
    })!;
    const m = await sharp(mask).raw().toBuffer({ resolveWithObject: true });
    expect(m.info.channels).toBe(4);
    expect([...m.data.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
    expect(m.data[7]).toBe(128);
    const heat = heatmapPng({
      task: 'ad',
      score: 1,
      anomalous: true,
      threshold: 0.5,
      heatmaps: [{ rect: [0, 0, 2, 2], size: 2, data: Float32Array.from([0, 0.5, 1, 2]) }],
    })!;
    const hb = await sharp(heat).toColourspace('b-w').raw().toBuffer();
    expect([...hb]).toEqual([0, 128, 255, 255]);
  });

  it('sg truth: the per-class masks become the same coloured overlay as a prediction of those labels', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'truth-mask-'));
    try {
      // 4×1 image: class 0 on pixel 1, class 1 on pixels 2–3; masks stored at 8×2 (resized like the metrics).
      const maskFile = async (name: string, on: (x: number) => boolean) => {
        const px = Buffer.alloc(8 * 2);
        for (let y = 0; y < 2; y++) for (let x = 0; x < 8; x++) px[y * 8 + x] = on(x >> 1) ? 255 : 0;
        const path = join(dir, name);
        await sharp(px, { raw: { width: 8, height: 2, channels: 1 } })
          .png()
          .toFile(path);
        return path;
      };
      const item = {
        image: join(dir, 'img.png'),
        masks: [
          { classIndex: 0, path: await maskFile('c0.png', (x) => x === 1) },
          { classIndex: 1, path: await maskFile('c1.png', (x) => x >= 2) },
        ],
      };
      const truth = (await truthMaskPng(item as never, 4, 1))!;
      const pred = maskPng({
        task: 'sg',
        width: 4,
        height: 1,
        labelMap: Uint8Array.from([0, 1, 2, 2]),
        regions: [],
      })!;
      const t = await sharp(truth).raw().toBuffer({ resolveWithObject: true });
      const p = await sharp(pred).raw().toBuffer({ resolveWithObject: true });
      expect(t.info).toMatchObject({ width: 4, height: 1, channels: 4 });
      expect([...t.data]).toEqual([...p.data]);
      expect(t.data[3]).toBe(0);
      expect(t.data[7]).toBe(128);
      // An image without masks is all background.
      const empty = await sharp((await truthMaskPng({ image: 'x' } as never, 2, 2))!)
        .raw()
        .toBuffer();
      expect([...empty].every((v) => v === 0)).toBe(true);
      expect(truthOverlayKey(3, 'AB-1')).toBe('evaluations/3/overlays/ab-1.truth.png');
      expect(truthOverlayKey(3, 'ab-1')).not.toBe(overlayKey(3, 'ab-1'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
