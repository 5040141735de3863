// Quality through the product (issue 14): starts the built product (temp DATA_DIR, embedded PostgreSQL,
// one worker) and drives it with the real command-line client, as a factory script would:
//   sightline upload (train/ as a cf dataset) → upload (test/ as purpose evaluation)
//   → train --wait (default algorithm and parameters) → evaluate --wait.
// Progress goes to stderr; the last stdout line is one JSON object (test accuracy, training and
// evaluation seconds). Goal: accuracy ≥ 0.99, training ≤ 600 s on 2 cores.
//   npm run bench -- product-quality [--data DIR] [--param key=value ...] [--no-build]
// DIR holds train/<class>/*.{jpg,png,bmp} and test/<class>/… (default /work/data/neu_cls).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import yazl from 'yazl';
import { DEMO_USER, ROOT, api, ensureBuilt, flag, load, login, round, startProduct } from './lib/product';

const args = process.argv.slice(2);
const DATA = flag(args, 'data') ?? '/work/data/neu_cls';
const PARAMS = args.flatMap((a, i) => (a === '--param' && args[i + 1] ? [args[i + 1]!] : []));
const GOAL = { accuracy_min: 0.99, training_seconds_max: 600 };
const CLIENT = join(ROOT, 'packages/client/bin/sightline.js');
const log = (m: string) => process.stderr.write(`[bench product-quality] ${m}\n`);
const IMAGE = /\.(jpe?g|png|bmp|tiff?|webp)$/i;

/** Zips DIR/<split>/<class>/<file> as <class>/<file> (the cf class-folder layout); returns image counts per class. */
async function zipSplit(dir: string, out: string): Promise<Record<string, number>> {
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((res, rej) =>
    zip.outputStream.pipe(createWriteStream(out)).on('close', res).on('error', rej),
  );
  const counts: Record<string, number> = {};
  for (const cls of readdirSync(dir).sort()) {
    const cdir = join(dir, cls);
    if (!statSync(cdir).isDirectory()) continue;
    for (const f of readdirSync(cdir).sort()) {
      if (!IMAGE.test(f)) continue;
      zip.addFile(join(cdir, f), `${cls}/${f}`, { compress: false });
      counts[cls] = (counts[cls] ?? 0) + 1;
    }
  }
  zip.end();
  await done;
  return counts;
}

/** The client's JSON answer, read field by field as each command documents it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CliJson = any;

/** Runs `sightline ARGS`; resolves with the JSON of its last stdout line and the wall seconds. */
function sightline(
  env: Record<string, string>,
  cliArgs: string[],
): Promise<{ json: CliJson; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLIENT, ...cliArgs], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => process.stderr.write(`[sightline ${cliArgs[0]}] ${d}`));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const last = out.trim().split('\n').pop() ?? '';
      let json: CliJson;
      try {
        json = JSON.parse(last);
      } catch {
        return reject(
          new Error(`sightline ${cliArgs.join(' ')} exited ${code} without a JSON line: ${out.slice(-500)}`),
        );
      }
      if (code !== 0 || json.error)
        return reject(new Error(`sightline ${cliArgs[0]} failed (${code}): ${last}`));
      resolve({ json, seconds });
    });
  });
}

async function main() {
  for (const split of ['train', 'test'])
    if (!existsSync(join(DATA, split))) throw new Error(`${DATA} must hold train/<class>/ and test/<class>/`);
  const loadStart = load();
  ensureBuilt(log, { skip: args.includes('--no-build') });
  const product = await startProduct({ workers: 1, log, tag: 'server' });
  try {
    const trainZip = join(product.work, 'train.zip');
    const testZip = join(product.work, 'test.zip');
    const trainCounts = await zipSplit(join(DATA, 'train'), trainZip);
    const testCounts = await zipSplit(join(DATA, 'test'), testZip);
    const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    log(
      `train ${total(trainCounts)} images, test ${total(testCounts)} images, classes ${Object.keys(trainCounts).join(', ')}`,
    );

    const token = await login(product.base, DEMO_USER, product.demoPassword);
    const projects = await api<{ data: { id: number; code: string }[] }>(
      product.base,
      token,
      'GET',
      '/api/projects',
    );
    const project = projects.data.find((p) => p.code === 'DEMO-0001') ?? projects.data[0];
    if (!project) throw new Error('demo-user sees no project');
    const env = {
      SIGHTLINE_URL: product.base,
      SIGHTLINE_USER: DEMO_USER,
      SIGHTLINE_PASSWORD: product.demoPassword,
      SIGHTLINE_LOCALE: 'en',
      SIGHTLINE_POLL_MS: '1000',
    };

    const upTrain = await sightline(env, [
      'upload',
      '--project',
      project.code,
      '--name',
      'neu-train',
      '--type',
      'cf',
      trainZip,
    ]);
    const upTest = await sightline(env, [
      'upload',
      '--project',
      project.code,
      '--name',
      'neu-test',
      '--type',
      'cf',
      '--purpose',
      'evaluation',
      testZip,
    ]);
    log(
      `uploaded: train dataset ${upTrain.json.dataset_id} (${upTrain.json.stored}), test dataset ${upTest.json.dataset_id} (${upTest.json.stored})`,
    );

    const loadBeforeTrain = load();
    const train = await sightline(env, [
      'train',
      '--dataset',
      String(upTrain.json.dataset_id),
      '--name',
      'neu-cls',
      ...PARAMS.flatMap((p) => ['--param', p]),
      '--wait',
    ]);
    if (train.json.status !== 'done') throw new Error(`training ended ${train.json.status}`);
    const learning = await api<{
      data: {
        timings: Record<string, unknown>;
        epoch: number | null;
        epochs: number | null;
        algorithm: { engine_key: string };
      };
    }>(product.base, token, 'GET', `/api/v2/learnings/${train.json.id}`);
    const t = learning.data.timings;
    const trainSeconds =
      t.started_at && t.finished_at
        ? (Date.parse(String(t.finished_at)) - Date.parse(String(t.started_at))) / 1000
        : train.seconds;
    log(`trained ${train.json.id} in ${round(trainSeconds, 1)} s: ${JSON.stringify(train.json.metrics)}`);

    const loadBeforeEval = load();
    const evaluation = await sightline(env, [
      'evaluate',
      '--model',
      String(train.json.id),
      '--dataset',
      String(upTest.json.dataset_id),
      '--wait',
    ]);
    if (evaluation.json.status !== 'done') throw new Error(`evaluation ended ${evaluation.json.status}`);
    const ev = await api<{
      data: { timings?: Record<string, unknown>; started_at?: string; finished_at?: string };
    }>(product.base, token, 'GET', `/api/v2/evaluations/${evaluation.json.id}`);
    const evStart = ev.data.timings?.started_at ?? ev.data.started_at;
    const evEnd = ev.data.timings?.finished_at ?? ev.data.finished_at;
    const evalSeconds =
      evStart && evEnd
        ? (Date.parse(String(evEnd)) - Date.parse(String(evStart))) / 1000
        : evaluation.seconds;
    const accuracy = Number(evaluation.json.metrics?.accuracy);
    log(`evaluated ${evaluation.json.id} in ${round(evalSeconds, 1)} s: accuracy ${accuracy}`);

    const result = {
      bench: 'product-quality',
      data: DATA,
      classes: Object.keys(trainCounts).length,
      train_images: total(trainCounts),
      test_images: total(testCounts),
      algorithm: learning.data.algorithm.engine_key,
      params: PARAMS.length ? PARAMS : 'defaults',
      epochs_run: learning.data.epoch,
      accuracy: round(accuracy, 4),
      validation_metrics: train.json.metrics,
      test_metrics: evaluation.json.metrics,
      training_seconds: round(trainSeconds, 1),
      training_wall_seconds: round(train.seconds, 1),
      evaluation_seconds: round(evalSeconds, 1),
      evaluation_wall_seconds: round(evaluation.seconds, 1),
      upload_seconds: { train: round(upTrain.seconds, 1), test: round(upTest.seconds, 1) },
      machine: {
        cpus: cpus().length,
        loadavg_start: loadStart,
        loadavg_before_training: loadBeforeTrain,
        loadavg_before_evaluation: loadBeforeEval,
        loadavg_end: load(),
      },
      goal: GOAL,
      pass: accuracy >= GOAL.accuracy_min && trainSeconds <= GOAL.training_seconds_max,
    };
    console.log(JSON.stringify(result));
  } finally {
    await product.stop();
  }
}

main().catch((err) => {
  log(`failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
