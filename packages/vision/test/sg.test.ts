// sg end to end: per-class defect masks, U-Net training, masks and polygons from ONNX outputs.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkParity, evaluate, loadModel, readDataset, synth, train } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('sg');
  await synth.writeSegmentationSet(join(tmp.dir, 'train'), 100, { size: 64, seed: 41 });
  await synth.writeSegmentationSet(join(tmp.dir, 'test'), 30, { size: 64, seed: 42 });
});
afterAll(() => tmp.cleanup());

describe('segmentation', () => {
  it('segments defects with IoU >= 0.7 per class and returns polygons', async () => {
    const data = await readDataset('sg', join(tmp.dir, 'train'));
    expect(data.classes.map((c) => c.name)).toEqual(['scratch', 'spot']);
    const res = await train(
      data,
      {
        epochs: 25,
        batchSize: 8,
        inputSize: 64,
        grayscale: 1,
        width: 12,
        patience: 8,
        learningRate: 0.003,
        seed: 9,
      },
      { outDir: join(tmp.dir, 'model') },
    );
    const model = await loadModel(res.modelDir);
    expect((await checkParity(model)).worst).toBeLessThan(1e-4);
    const test = await readDataset('sg', join(tmp.dir, 'test'));
    const result = await evaluate(model, test);
    const [pred] = await model.predict([test.items[0]!.path]);
    await model.close();
    if (result.metrics.task !== 'sg' || pred!.task !== 'sg') throw new Error('wrong task');
    console.log('sg metrics', JSON.stringify(result.metrics));
    for (const c of result.metrics.perClass) expect(c.iou).toBeGreaterThanOrEqual(0.7);
    expect(pred!.labelMap).toHaveLength(64 * 64);
    expect(pred!.regions.length).toBeGreaterThan(0);
    expect(pred!.regions[0]!.polygon.length).toBeGreaterThanOrEqual(3);
  });
});
