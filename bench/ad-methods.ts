// Anomaly-detection methods compared: `npm run bench -- ad-methods [--sets standard,hard] [--train N]
// [--test N] [--size PX] [--epochs N] [--width N] [--seeds 5,6] [--methods ad-draem,ad-cutpaste,ad-patchknn]`.
// A method may carry extra parameters after a colon: `ad-patchknn:patchFeatures=2;memoryBank=2048`.
// Every method trains on the same seeded OK images and is evaluated by packages/vision `evaluate` on
// unseen test images of the same set (standard: clear painted defects; hard: faint defects on varied
// brushed surfaces). One JSON line per method, set and seed; the last line is one JSON object with per
// method the means over sets and seeds, `best` (highest mean image AUROC) and the ratios to DRAEM.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate, loadModel, readDataset, synth, train } from '@sightline/vision';

const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: 'standard,hard' },
    methods: { type: 'string', default: 'ad-draem,ad-cutpaste,ad-patchknn' },
    train: { type: 'string', default: '100' },
    test: { type: 'string', default: '200' },
    size: { type: 'string', default: '64' },
    epochs: { type: 'string', default: '15' },
    width: { type: 'string', default: '12' },
    seeds: { type: 'string', default: '5,6' },
    root: { type: 'string', default: '/tmp/sightline-bench/ad-methods' },
  },
});
const SIZE = Number(values.size);
const ROOT = values.root!;
const BASELINE = 'ad-draem';
const methods = values.methods!.split(',');
const sets = values.sets!.split(',') as ('standard' | 'hard')[];
const seeds = values.seeds!.split(',').map(Number);
const round = (v: number | null, d = 4) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface Row {
  method: string;
  set: string;
  seed: number;
  imageAUROC: number;
  pixelAUROC: number;
  f1: number;
  threshold: number;
  trainSeconds: number;
  inferImagesPerSecond: number;
}

async function runOne(method: string, set: string, seed: number, dir: string): Promise<Row> {
  const data = await readDataset('ad', dir, 'train');
  const test = await readDataset('ad', dir, 'eval');
  const outDir = join(ROOT, 'models', `${set}-${seed}-${method.replace(/[:;=]/g, '_')}`);
  await rm(outDir, { recursive: true, force: true });
  const [algorithmId, extra = ''] = method.split(':');
  const params = {
    epochs: Number(values.epochs),
    batchSize: 16,
    inputSize: SIZE,
    grayscale: 1,
    width: Number(values.width),
    seed,
    ...Object.fromEntries(
      extra
        .split(';')
        .filter(Boolean)
        .map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])]),
    ),
  };
  const t0 = performance.now();
  const res = await train(data, params, { outDir, algorithmId, resume: false });
  const trainSeconds = (performance.now() - t0) / 1000;
  const model = await loadModel(res.modelDir);
  const result = await evaluate(model, test);
  // Inference rate through packages/vision (decode, preprocess, ONNX, heatmap) after one warm-up pass.
  const images = test.items.map((it) => it.path);
  await model.predict(images.slice(0, 16), { params: { batchSize: 16 } });
  const t1 = performance.now();
  await model.predict(images, { params: { batchSize: 16 } });
  const inferImagesPerSecond = images.length / ((performance.now() - t1) / 1000);
  await model.close();
  if (result.metrics.task !== 'ad') throw new Error('not an ad result');
  const m = result.metrics;
  return {
    method,
    set,
    seed,
    imageAUROC: m.imageAUROC ?? NaN,
    pixelAUROC: m.pixelAUROC ?? NaN,
    f1: m.f1,
    threshold: m.threshold,
    trainSeconds,
    inferImagesPerSecond,
  };
}

const rows: Row[] = [];
for (const set of sets) {
  const dir = join(ROOT, 'data', set);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await synth.writeAnomalySet(dir, Number(values.train), Number(values.test), {
    size: SIZE,
    seed: 31,
    hard: set === 'hard',
  });
  for (const seed of seeds) {
    for (const method of methods) {
      const row = await runOne(method, set, seed, dir);
      rows.push(row);
      console.log(
        JSON.stringify({
          ...row,
          imageAUROC: round(row.imageAUROC),
          pixelAUROC: round(row.pixelAUROC),
          f1: round(row.f1),
          trainSeconds: round(row.trainSeconds, 1),
          inferImagesPerSecond: round(row.inferImagesPerSecond, 1),
        }),
      );
    }
  }
}

const summary = Object.fromEntries(
  methods.map((method) => {
    const mine = rows.filter((r) => r.method === method);
    const bySet = Object.fromEntries(
      sets.map((set) => {
        const s = mine.filter((r) => r.set === set);
        return [
          set,
          {
            imageAUROC: round(mean(s.map((r) => r.imageAUROC))),
            pixelAUROC: round(mean(s.map((r) => r.pixelAUROC))),
            f1: round(mean(s.map((r) => r.f1))),
          },
        ];
      }),
    );
    return [
      method,
      {
        imageAUROC: round(mean(mine.map((r) => r.imageAUROC))),
        pixelAUROC: round(mean(mine.map((r) => r.pixelAUROC))),
        f1: round(mean(mine.map((r) => r.f1))),
        trainSeconds: round(mean(mine.map((r) => r.trainSeconds)), 1),
        inferImagesPerSecond: round(mean(mine.map((r) => r.inferImagesPerSecond)), 1),
        sets: bySet,
      },
    ];
  }),
);
const best = methods.reduce((a, b) => (summary[b]!.imageAUROC! > summary[a]!.imageAUROC! ? b : a));
const base = summary[BASELINE];
const ratiosToDraem = base
  ? Object.fromEntries(
      methods.map((m) => [
        m,
        {
          imageAUROC: round(summary[m]!.imageAUROC! / base.imageAUROC!, 3),
          pixelAUROC: round(summary[m]!.pixelAUROC! / base.pixelAUROC!, 3),
        },
      ]),
    )
  : null;
console.log(
  JSON.stringify({
    config: {
      sets,
      seeds,
      train: Number(values.train),
      test: Number(values.test),
      size: SIZE,
      epochs: Number(values.epochs),
      width: Number(values.width),
    },
    methods: summary,
    best,
    ratiosToDraem,
  }),
);
