// Colour input: two classes that differ only in hue (equal luma). A colour model must separate them;
// the same network on one grey channel cannot, which shows the colour channels really reach the network.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkParity, evaluate, loadModel, readDataset, synth, train } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('cf-colour');
  await synth.writeHueSet(join(tmp.dir, 'train'), 40, { size: 32, seed: 31 });
  await synth.writeHueSet(join(tmp.dir, 'test'), 20, { size: 32, seed: 32 });
});
afterAll(() => tmp.cleanup());

const params = {
  epochs: 12,
  batchSize: 16,
  inputSize: 32,
  width: 8,
  patience: 12,
  learningRate: 0.003,
  seed: 4,
  rotate: 0,
  brightness: 0.05,
  contrast: 0.05,
};

async function accuracy(grayscale: 0 | 1) {
  const data = await readDataset('cf', join(tmp.dir, 'train'));
  const res = await train(data, { ...params, grayscale }, { outDir: join(tmp.dir, `model-${grayscale}`) });
  const model = await loadModel(res.modelDir);
  try {
    expect((await checkParity(model)).worst).toBeLessThan(1e-4);
    const result = await evaluate(model, await readDataset('cf', join(tmp.dir, 'test')));
    if (result.metrics.task !== 'cf') throw new Error('wrong task');
    return { accuracy: result.metrics.accuracy, input: res.manifest.input };
  } finally {
    await model.close();
  }
}

describe('colour classification', () => {
  it('separates classes that differ only in hue, which a grey model cannot', async () => {
    const colour = await accuracy(0);
    expect(colour.input).toMatchObject({ channels: 3, colour: 'rgb', mean: [0.5, 0.5, 0.5] });
    const grey = await accuracy(1);
    console.log('hue classes', JSON.stringify({ colour: colour.accuracy, grey: grey.accuracy }));
    expect(colour.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(grey.accuracy).toBeLessThan(0.85);
  });
});
