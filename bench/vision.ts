// Vision bench: `npm run bench -- vision [--tasks cf,od,sg,ad] [--six-class] [--images N]`.
// Per task: training images/s end to end vs. the same network on in-memory tensors (trainer), and
// inference images/s through packages/vision (decode + preprocess + ONNX) vs. raw onnxruntime-node on
// the same ONNX file, plus peak RSS of trainer and of this (server-side) process. --six-class trains
// the 6-class, 1,800-image, 200x200 grayscale set and reports its best accuracy and time.
// One JSON line per measurement; the last line is one JSON object with everything.
import { mkdir, rm } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { VISION_TASKS, type VisionTask } from '@sightline/domain';
import {
  algorithmFor,
  evaluate,
  loadModel,
  readDataset,
  runTrainer,
  synth,
  train,
  trainParams,
  type VisionDataset,
} from '@sightline/vision';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: VISION_TASKS.join(',') },
    'six-class': { type: 'boolean', default: false },
    images: { type: 'string', default: '192' },
    size: { type: 'string', default: '128' },
    root: { type: 'string', default: '/tmp/sightline-bench' },
    steps: { type: 'string', default: '15' },
    width: { type: 'string', default: '16' },
  },
});
const N = Number(values.images);
const SIZE = Number(values.size);
const ROOT = values.root!;
let serverPeak = 0;
const sampler = setInterval(() => (serverPeak = Math.max(serverPeak, process.memoryUsage().rss)), 100);
const mb = (b?: number) => (b ? Math.round(b / 2 ** 20) : null);

async function dataset(task: VisionTask, dir: string): Promise<{ train: VisionDataset; images: string[] }> {
  const opts = { size: SIZE, seed: 100 };
  if (task === 'cf') await synth.writeClassificationSet(dir, Math.ceil(N / 4), opts);
  if (task === 'od') await synth.writeDetectionSet(dir, N, opts);
  if (task === 'sg') await synth.writeSegmentationSet(dir, N, opts);
  if (task === 'ad') await synth.writeAnomalySet(dir, N, 8, opts);
  const train = await readDataset(task, dir, 'train');
  return { train, images: train.items.map((it) => it.path) };
}

async function benchTask(task: VisionTask) {
  const dir = join(ROOT, task);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { train: data, images } = await dataset(task, join(dir, 'data'));
  const params = { inputSize: SIZE, grayscale: 1, epochs: 2, batchSize: 32 };
  const resolved = trainParams(algorithmFor(task), params);
  const trainerBench = await runTrainer('bench', {
    task,
    params: resolved,
    dataset: toTrainer(data),
    steps: Number(values.steps),
    rounds: 3,
  });
  const trained = await train(data, params, { outDir: join(dir, 'model'), resume: false });
  const inference = await benchInference(trained.modelDir, images);
  const f = trainerBench.finished as Record<string, number>;
  return {
    task,
    inputSize: SIZE,
    images: images.length,
    training: {
      endToEndImagesPerSecond: round(f.endToEndImagesPerSecond!),
      inMemoryImagesPerSecond: round(f.inMemoryImagesPerSecond!),
      ratio: round(f.ratio!, 3),
      target: 0.9,
    },
    inference: { ...inference, target: 0.9 },
    peakRssMB: {
      trainer: mb(Math.max(trainerBench.peakRssBytes ?? 0, trained.peakRssBytes ?? 0)),
      server: mb(serverPeak),
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rate = async (n: number, f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return n / ((performance.now() - t0) / 1000);
};

/**
 * Inference rates, measured in interleaved rounds (medians) so that load from other processes hits
 * every path alike:
 * - vision vs raw: packages/vision on prepared images (batching, tensors, network, output decoding
 *   into boxes/masks/heatmaps) against raw onnxruntime-node running the same ONNX file on one
 *   ready-made tensor, with onnxruntime's default session options;
 * - with decode: files to results through packages/vision against a hand-written minimal pipeline
 *   (sharp decode of each file, normalise, raw session), so both include PNG decoding.
 */
async function benchInference(modelDir: string, images: string[], rounds = 5) {
  const model = await loadModel(modelDir);
  const { size, channels } = model.manifest.input;
  const batch = 32;
  const opts = { params: { batchSize: batch } };
  const raw = await ort.InferenceSession.create(join(modelDir, 'model.onnx'), {
    intraOpNumThreads: cpus().length,
  });
  const plane = channels * size * size;
  const tensor = new ort.Tensor(
    'float32',
    new Float32Array(batch * plane).map(() => Math.random() * 2 - 1),
    [batch, channels, size, size],
  );
  const steps = Math.ceil(images.length / batch);
  const handWritten = async () => {
    for (let i = 0; i < images.length; i += batch) {
      const files = images.slice(i, i + batch);
      const pixels = await Promise.all(
        files.map((f) => sharp(f).removeAlpha().toColourspace('b-w').raw().toBuffer()),
      );
      const input = new Float32Array(files.length * plane);
      pixels.forEach((px, j) => px.forEach((v, k) => (input[j * plane + k] = (v / 255 - 0.5) / 0.5)));
      await raw.run({ input: new ort.Tensor('float32', input, [files.length, channels, size, size]) });
    }
  };
  const prepared = await model.prepare(images);
  await model.predictPrepared(prepared.slice(0, batch), opts);
  await raw.run({ input: tensor });
  const r: Record<'vision' | 'raw' | 'visionFiles' | 'handFiles' | 'decode', number[]> = {
    vision: [],
    raw: [],
    visionFiles: [],
    handFiles: [],
    decode: [],
  };
  for (let k = 0; k < rounds; k++) {
    r.vision.push(await rate(images.length, () => model.predictPrepared(prepared, opts)));
    r.raw.push(
      await rate(steps * batch, async () => {
        for (let i = 0; i < steps; i++) await raw.run({ input: tensor });
      }),
    );
    r.visionFiles.push(await rate(images.length, () => model.predict(images, opts)));
    if (channels === 1) r.handFiles.push(await rate(images.length, handWritten));
    r.decode.push(await rate(images.length, () => model.prepare(images)));
  }
  await model.close();
  await raw.release();
  const m = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.length ? median(v) : null])) as Record<
    keyof typeof r,
    number | null
  >;
  return {
    rounds,
    visionImagesPerSecond: round(m.vision!),
    rawOrtImagesPerSecond: round(m.raw!),
    ratio: round(m.vision! / m.raw!, 3),
    visionWithDecodeImagesPerSecond: round(m.visionFiles!),
    handWrittenWithDecodeImagesPerSecond: m.handFiles && round(m.handFiles),
    withDecodeRatio: m.handFiles && round(m.visionFiles! / m.handFiles, 3),
    decodeOnlyImagesPerSecond: round(m.decode!),
  };
}

function toTrainer(ds: VisionDataset) {
  return {
    classes: ds.classes,
    regions: null,
    items: ds.items.map((it) => ({
      path: it.path,
      label: it.label,
      boxes: it.boxes?.map((b) => [b.classIndex, b.x1, b.y1, b.x2, b.y2]),
      masks: it.masks?.map((m) => [m.classIndex, m.path]),
    })),
  };
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

async function sixClass() {
  const dir = join(ROOT, 'six-class');
  const kinds = ['good', 'scratch', 'spot', 'crack', 'stain', 'pinholes'] as const;
  // The images are seeded, so a complete earlier set is identical and reused (generation is slow).
  const complete = async (d: string, n: number) =>
    (await readDataset('cf', d).catch(() => null))?.items.length === n;
  if (!(await complete(join(dir, 'train'), 1800))) {
    await rm(dir, { recursive: true, force: true });
    await synth.writeClassificationSet(join(dir, 'train'), 300, { size: 200, seed: 7, kinds: [...kinds] });
  }
  if (!(await complete(join(dir, 'test'), 300)))
    await synth.writeClassificationSet(join(dir, 'test'), 50, { size: 200, seed: 8, kinds: [...kinds] });
  await rm(join(dir, 'model'), { recursive: true, force: true });
  const data = await readDataset('cf', join(dir, 'train'));
  const started = Date.now();
  let bestAt = 0;
  let best = 0;
  const res = await train(
    data,
    { grayscale: 1, epochs: 40, patience: 6, width: Number(values.width) },
    {
      outDir: join(dir, 'model'),
      resume: false,
      onProgress: (p) => {
        const acc = p.metrics?.accuracy ?? null;
        if (acc !== null && acc !== undefined && acc > best) {
          best = acc;
          bestAt = (Date.now() - started) / 1000;
        }
        if (p.metrics)
          console.error(
            `six-class epoch ${p.epoch}: ${JSON.stringify(p.metrics)} at ${Math.round((Date.now() - started) / 1000)} s`,
          );
      },
    },
  );
  const seconds = (Date.now() - started) / 1000;
  const test = await evaluate(res.modelDir, await readDataset('cf', join(dir, 'test')));
  return {
    sixClass: {
      images: data.items.length,
      size: '200x200 grayscale',
      inputSize: res.manifest.input.size,
      epochs: res.manifest.history.length,
      bestValidationAccuracy: best,
      secondsToBest: round(bestAt),
      totalSeconds: round(seconds),
      testAccuracy: test.metrics.task === 'cf' ? round(test.metrics.accuracy, 4) : null,
      testImages: test.images.length,
      peakRssMB: { trainer: mb(res.peakRssBytes), server: mb(serverPeak) },
    },
  };
}

const out: Record<string, unknown> = {};
for (const task of values.tasks!.split(',').filter((t) => t && t !== 'none') as VisionTask[]) {
  const r = await benchTask(task);
  console.log(JSON.stringify(r));
  out[task] = r;
}
if (values['six-class']) {
  const r = await sixClass();
  console.log(JSON.stringify(r));
  Object.assign(out, r);
}
clearInterval(sampler);
console.log(JSON.stringify(out));
