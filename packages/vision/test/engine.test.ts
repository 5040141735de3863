// Engine behaviour around training: parameter and data validation, missing PyTorch, cancellation
// and resume, target regions, relearning, and uploaded weights.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadModel,
  readDataset,
  synth,
  train,
  VisionError,
  type TrainerEvent,
  type VisionDataset,
} from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let data: VisionDataset;
const small = { inputSize: 32, grayscale: 1, width: 8, batchSize: 8, seed: 1 };

beforeAll(async () => {
  tmp = await tempDir('engine');
  await synth.writeClassificationSet(join(tmp.dir, 'data'), 12, {
    size: 32,
    seed: 61,
    kinds: ['good', 'scratch', 'spot'],
  });
  data = await readDataset('cf', join(tmp.dir, 'data'));
});
afterAll(() => tmp.cleanup());

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err instanceof VisionError ? err.code : String(err);
  }
  return 'no error';
};

describe('validation before training', () => {
  it('rejects out-of-range, fractional and unknown parameters', async () => {
    const out = join(tmp.dir, 'never');
    expect(await codeOf(train(data, { epochs: -1 }, { outDir: out }))).toBe('PARAM_INVALID');
    expect(await codeOf(train(data, { epochs: 1.5 }, { outDir: out }))).toBe('PARAM_INVALID');
    expect(await codeOf(train(data, { learningRate: 5 }, { outDir: out }))).toBe('PARAM_INVALID');
    expect(await codeOf(train(data, { bogus: 1 }, { outDir: out }))).toBe('PARAM_INVALID');
  });

  it('rejects a single class, an empty class and too many regions', async () => {
    const out = join(tmp.dir, 'never');
    const one = {
      ...data,
      classes: data.classes.slice(0, 1),
      items: data.items.filter((i) => i.label === 0),
    };
    expect(await codeOf(train(one, small, { outDir: out }))).toBe('DATA_SINGLE_CLASS');
    const empty = { ...data, classes: [...data.classes, { name: 'dent', ok: false }] };
    expect(await codeOf(train(empty, small, { outDir: out }))).toBe('DATA_EMPTY_CLASS');
    const regions = Array.from({ length: 11 }, () => ({ x: 0, y: 0, width: 8, height: 8 }));
    expect(await codeOf(train({ ...data, regions }, small, { outDir: out }))).toBe('REGION_TOO_MANY');
  });

  it('says clearly when PyTorch is missing', async () => {
    const before = process.env.SIGHTLINE_PYTHON;
    try {
      process.env.SIGHTLINE_PYTHON = '/nonexistent/python3';
      const err = await train(data, { ...small, epochs: 1 }, { outDir: join(tmp.dir, 'nopy') }).catch(
        (e: VisionError) => e,
      );
      expect(err).toBeInstanceOf(VisionError);
      expect((err as VisionError).code).toBe('TRAINER_UNAVAILABLE');
      expect((err as VisionError).message).toMatch(/apt-get install -y python3-torch/);
    } finally {
      if (before === undefined) delete process.env.SIGHTLINE_PYTHON;
      else process.env.SIGHTLINE_PYTHON = before;
    }
  });

  it('reports a corrupt image with its path', async () => {
    const bad = join(tmp.dir, 'corrupt.png');
    await import('node:fs/promises').then((fs) => fs.writeFile(bad, 'not an image'));
    const broken = { ...data, items: [{ path: bad, label: 0 }, ...data.items] };
    const err = await train(broken, { ...small, epochs: 1 }, { outDir: join(tmp.dir, 'corrupt') }).catch(
      (e: VisionError) => e,
    );
    expect((err as VisionError).code).toBe('DATA_CORRUPT_FILE');
    expect((err as VisionError).message).toContain('corrupt.png');
  });
});

describe('cancel, resume, relearn', () => {
  it('cancels through AbortSignal, keeps the epoch checkpoint and resumes from it', async () => {
    const out = join(tmp.dir, 'cancel');
    const ac = new AbortController();
    const started = Date.now();
    let abortedAt = 0;
    const err = await train(
      data,
      { ...small, epochs: 300, patience: 100 },
      {
        outDir: out,
        signal: ac.signal,
        onEvent: (e) => {
          if (e.event === 'checkpoint' && e.epoch >= 2 && !abortedAt) {
            abortedAt = Date.now();
            ac.abort();
          }
        },
      },
    ).catch((e: VisionError) => e);
    expect((err as VisionError).code).toBe('CANCELLED');
    expect(Date.now() - abortedAt).toBeLessThan(15_000);
    expect(abortedAt).toBeGreaterThan(started);
    expect(existsSync(join(out, 'checkpoint.pt'))).toBe(true);

    const events: TrainerEvent[] = [];
    const res = await train(
      data,
      { ...small, epochs: 4, patience: 100 },
      { outDir: out, onEvent: (e) => events.push(e) },
    );
    const resumed = events.find((e) => e.event === 'resumed');
    expect(resumed && resumed.event === 'resumed' && resumed.epoch).toBeGreaterThanOrEqual(2);
    expect(res.manifest.history).toHaveLength(4);

    // Relearning: continue from the finished model; the history of both runs is kept.
    const again = await train(
      data,
      { ...small, epochs: 2, patience: 100 },
      { outDir: join(tmp.dir, 'relearn'), initFrom: out },
    );
    expect(again.manifest.history.map((h) => h.run)).toEqual([1, 1, 1, 1, 2, 2]);

    // Uploaded weights: a checkpoint of the same architecture initialises a new training.
    const warm = await train(
      data,
      { ...small, epochs: 1 },
      { outDir: join(tmp.dir, 'warm'), initWeights: join(out, 'model.pt') },
    );
    expect(warm.manifest.history).toHaveLength(1);
    const mismatch = await train(
      data,
      { ...small, width: 16, epochs: 1 },
      { outDir: join(tmp.dir, 'warm2'), initWeights: join(out, 'model.pt') },
    ).catch((e: VisionError) => e);
    expect((mismatch as VisionError).code).toBe('WEIGHTS_MISMATCH');
  });
});

describe('target regions', () => {
  it('trains and predicts on region crops; mixed image sizes are refused', async () => {
    const regions = [
      { x: 0, y: 0, width: 16, height: 32 },
      { x: 16, y: 0, width: 16, height: 32 },
    ];
    const res = await train(
      { ...data, regions },
      { ...small, epochs: 2 },
      { outDir: join(tmp.dir, 'regions') },
    );
    expect(res.manifest.input.regions).toEqual([
      [0, 0, 16, 32],
      [16, 0, 16, 32],
    ]);
    const model = await loadModel(res.modelDir);
    const [p] = await model.predict([data.items[0]!.path]);
    await model.close();
    expect(p!.task).toBe('cf');

    const odd = join(tmp.dir, 'odd.png');
    await sharp(data.items[0]!.path).resize(40, 32).png().toFile(odd);
    const mixed = { ...data, regions, items: [{ path: odd, label: 0 }, ...data.items] };
    const err = await train(mixed, { ...small, epochs: 1 }, { outDir: join(tmp.dir, 'regions2') }).catch(
      (e: VisionError) => e,
    );
    expect((err as VisionError).code).toBe('REGION_SIZE_MISMATCH');
  });
});

describe('CLI', () => {
  it('train, eval, predict and export print one JSON object on the last line', () => {
    const cli = (args: string[]) => {
      let out: string;
      try {
        out = execFileSync('npx', ['tsx', join(__dirname, '..', 'src', 'cli.ts'), ...args], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch (err) {
        out = (err as { stdout: string }).stdout; // a failing command still ends with its JSON line
      }
      return JSON.parse(out.trim().split('\n').at(-1)!);
    };
    const model = join(tmp.dir, 'cli-model');
    const dataDir = join(tmp.dir, 'data');
    const params = ['epochs=3', 'inputSize=32', 'grayscale=1', 'width=8', 'batchSize=8'].flatMap((p) => [
      '--param',
      p,
    ]);
    const trained = cli(['train', '--task', 'cf', '--data', dataDir, '--out', model, ...params]);
    expect(trained.modelDir).toBe(model);
    const metrics = cli(['eval', '--model', model, '--data', dataDir]);
    expect(metrics.task).toBe('cf');
    expect(metrics.accuracy).toBeGreaterThanOrEqual(0);
    expect(metrics.confusion).toHaveLength(3);
    const preds = cli(['predict', '--model', model, data.items[0]!.path]);
    expect(preds[0].className).toBeTypeOf('string');
    // An exported model (manifest + ONNX) is a complete model: it loads and predicts the same.
    const exported = cli(['export', '--model', model, '--out', join(tmp.dir, 'cli-export')]);
    expect(exported.files.map((f: string) => f.split('/').at(-1))).toEqual(['manifest.json', 'model.onnx']);
    const again = cli(['predict', '--model', join(tmp.dir, 'cli-export'), data.items[0]!.path]);
    expect(again[0]).toEqual(preds[0]);
    const full = cli(['export', '--model', model, '--out', join(tmp.dir, 'cli-export-full'), '--full']);
    expect(full.files).toHaveLength(4);
    const bad = cli(['train', '--task', 'cf', '--data', dataDir, '--out', model, '--param', 'epochs=-1']);
    expect(bad.error.code).toBe('PARAM_INVALID');
  });
});
