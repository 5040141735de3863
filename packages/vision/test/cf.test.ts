// cf end to end: synthetic defects -> PyTorch training -> ONNX -> onnxruntime-node evaluation.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkParity, evaluate, loadModel, readDataset, synth, train, type TrainProgress } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('cf');
  await synth.writeClassificationSet(join(tmp.dir, 'train'), 60, { size: 64, seed: 11 });
  await synth.writeClassificationSet(join(tmp.dir, 'test'), 15, { size: 64, seed: 12 });
});
afterAll(() => tmp.cleanup());

describe('classification', () => {
  it('trains a grayscale classifier that beats 95 % on unseen images', async () => {
    const data = await readDataset('cf', join(tmp.dir, 'train'));
    expect(data.classes.map((c) => c.name)).toEqual(['crack', 'good', 'scratch', 'spot']);
    expect(data.classes.find((c) => c.name === 'good')!.ok).toBe(true);
    const progress: TrainProgress[] = [];
    const res = await train(
      data,
      {
        epochs: 30,
        batchSize: 16,
        inputSize: 64,
        grayscale: 1,
        width: 16,
        patience: 10,
        learningRate: 0.002,
        seed: 3,
      },
      { outDir: join(tmp.dir, 'model'), onProgress: (p) => progress.push(p) },
    );
    expect(res.manifest.task).toBe('cf');
    expect(res.manifest.input).toMatchObject({ size: 64, channels: 1, mean: [0.5], std: [0.5] });
    expect(res.manifest.history.length).toBeGreaterThan(3);
    expect(progress.some((p) => p.phase === 'training' && p.epoch)).toBe(true);
    expect(progress.at(-1)!.phase).toBe('done');

    const model = await loadModel(res.modelDir);
    const parity = await checkParity(model);
    // Stated tolerance: ONNX Runtime and PyTorch probabilities agree within 1e-4.
    expect(parity.worst).toBeLessThan(1e-4);
    const result = await evaluate(model, await readDataset('cf', join(tmp.dir, 'test')));
    await model.close();
    expect(result.metrics.task).toBe('cf');
    if (result.metrics.task !== 'cf') return;
    expect(result.metrics.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(result.metrics.confusion.flat().reduce((a, b) => a + b, 0)).toBe(60);
    expect(result.metrics.perClass).toHaveLength(4);
    expect(result.images[0]).toHaveProperty('correct');
    expect(result.metrics.sweep.length).toBeGreaterThan(0);
  });
});
