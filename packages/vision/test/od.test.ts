// od end to end: YOLO-format shapes on textured surfaces, CenterNet training, ONNX decoding + NMS.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkParity, evaluate, loadModel, readDataset, synth, train } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('od');
  await synth.writeDetectionSet(join(tmp.dir, 'train'), 160, { size: 64, seed: 31 });
  await synth.writeDetectionSet(join(tmp.dir, 'test'), 40, { size: 64, seed: 32 });
});
afterAll(() => tmp.cleanup());

describe('object detection', () => {
  it('finds shapes with mAP@0.5 >= 0.8, boxes in original coordinates', async () => {
    const data = await readDataset('od', join(tmp.dir, 'train'));
    expect(data.classes.map((c) => c.name)).toEqual(['square', 'disc']);
    const res = await train(
      data,
      {
        epochs: 30,
        batchSize: 16,
        inputSize: 64,
        grayscale: 1,
        width: 16,
        patience: 8,
        learningRate: 0.003,
        seed: 7,
      },
      { outDir: join(tmp.dir, 'model') },
    );
    expect(res.manifest.stride).toBe(4);
    const model = await loadModel(res.modelDir);
    expect((await checkParity(model)).worst).toBeLessThan(1e-4);
    const test = await readDataset('od', join(tmp.dir, 'test'));
    const result = await evaluate(model, test);
    await model.close();
    if (result.metrics.task !== 'od') throw new Error('wrong task');
    console.log('od metrics', JSON.stringify({ ...result.metrics, sweep: undefined }));
    expect(result.metrics.mAP50).toBeGreaterThanOrEqual(0.8);
    expect(result.metrics.mAP50_95).toBeGreaterThan(0.3);
    expect(result.metrics.perClass).toHaveLength(2);
    const dets = result.images.flatMap((i) => i.predicted.detections ?? []);
    expect(dets.every((d) => d.x1 >= 0 && d.x2 <= 64 && d.x1 < d.x2)).toBe(true);
    // The metrics rank detections down to OD_METRIC_SCORE_FLOOR; the per-image results keep the default 0.3.
    expect(dets.length).toBeGreaterThan(0);
    expect(dets.every((d) => d.score >= 0.3)).toBe(true);
  });
});
