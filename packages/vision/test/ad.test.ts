// ad end to end with DRAEM (the other ad methods: ad-methods.test.ts): trained on OK images only, evaluated on
// real (painted) scratches, spots and cracks.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkParity, evaluate, loadModel, readDataset, synth, train } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('ad');
  await synth.writeAnomalySet(tmp.dir, 60, 40, { size: 64, seed: 21 });
});
afterAll(() => tmp.cleanup());

describe('anomaly detection', () => {
  it('learns from OK images only and separates defects (image AUROC >= 0.95)', async () => {
    const data = await readDataset('ad', tmp.dir, 'train');
    expect(data.items.every((it) => !it.anomalous)).toBe(true);
    // 20 epochs: at 12, DRAEM's pixel AUROC was 0.73 on this machine (0.998 at 20); the result is seeded but
    // differs between CPUs, so the test keeps a margin instead of sitting on the edge of its threshold.
    const res = await train(
      data,
      { epochs: 20, batchSize: 16, inputSize: 64, grayscale: 1, width: 12, seed: 5 },
      { outDir: join(tmp.dir, 'model'), algorithmId: 'ad-draem' },
    );
    expect(res.manifest.threshold).toBeGreaterThan(0);

    const model = await loadModel(res.modelDir);
    expect((await checkParity(model)).worst).toBeLessThan(1e-4);
    const test = await readDataset('ad', tmp.dir, 'eval');
    expect(test.items.filter((it) => it.anomalous && it.maskPath)).toHaveLength(20);
    const result = await evaluate(model, test);
    const [pred] = await model.predict([test.items[0]!.path]);
    await model.close();
    if (result.metrics.task !== 'ad' || pred!.task !== 'ad') throw new Error('wrong task');
    console.log('ad metrics', JSON.stringify({ ...result.metrics, sweep: undefined }));
    expect(result.metrics.imageAUROC).toBeGreaterThanOrEqual(0.95);
    expect(result.metrics.pixelAUROC).toBeGreaterThan(0.8);
    expect(pred!.heatmaps[0]!.data).toHaveLength(64 * 64);
    expect(result.metrics.sweep.length).toBeGreaterThan(3);
  });
});
