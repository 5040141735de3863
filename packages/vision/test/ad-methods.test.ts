// ad-cutpaste and ad-patchknn end to end: trained from scratch on OK images only, run in
// onnxruntime-node with the same outputs as DRAEM, evaluated on unseen painted defects.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkParity, evaluate, loadModel, readDataset, synth, train } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('ad-methods');
  await synth.writeAnomalySet(tmp.dir, 60, 40, { size: 64, seed: 22 });
});
afterAll(() => tmp.cleanup());

const methods = [
  { algorithmId: 'ad-cutpaste', params: {} },
  { algorithmId: 'ad-patchknn', params: { memoryBank: 512 } },
];

describe.each(methods)('$algorithmId', ({ algorithmId, params }) => {
  it('learns from OK images only and separates defects (image AUROC >= 0.95, pixel AUROC > 0.8)', async () => {
    const data = await readDataset('ad', tmp.dir, 'train');
    const res = await train(
      data,
      { epochs: 8, batchSize: 16, inputSize: 64, grayscale: 1, width: 12, seed: 5, ...params },
      { outDir: join(tmp.dir, algorithmId), algorithmId },
    );
    expect(res.manifest.algorithm).toBe(algorithmId);
    expect(res.manifest.outputs).toEqual(['anomaly_map', 'score']);
    expect(res.manifest.threshold).toBeGreaterThan(0);

    const model = await loadModel(res.modelDir);
    expect((await checkParity(model)).worst).toBeLessThan(1e-4);
    const test = await readDataset('ad', tmp.dir, 'eval');
    const result = await evaluate(model, test);
    const [pred] = await model.predict([test.items[0]!.path]);
    await model.close();
    if (result.metrics.task !== 'ad' || pred!.task !== 'ad') throw new Error('wrong task');
    console.log(`${algorithmId} metrics`, JSON.stringify({ ...result.metrics, sweep: undefined }));
    expect(result.metrics.imageAUROC).toBeGreaterThanOrEqual(0.95);
    expect(result.metrics.pixelAUROC).toBeGreaterThan(0.8);
    expect(pred!.heatmaps[0]!.data).toHaveLength(64 * 64);
    expect(Math.max(...pred!.heatmaps[0]!.data)).toBeLessThanOrEqual(1);
  });
});
