// API latency benchmark (issue 14): the built product with 100,000 dataset images and 1,000 evaluations'
// results seeded directly in its PostgreSQL, driven by autocannon on loopback at a fixed rate against the
// learning list, an evaluation result page and the dataset image grid — once idle, once while a real
// training (started through the API on a synthetic dataset) runs. Progress goes to stderr; the last stdout
// line is one JSON object. Baseline: the idle run of the same endpoint; ratio = under-training p99 / idle p99.
//   npm run bench -- api [--duration 60] [--rate 200] [--connections 10] [--images 100000] [--evaluations 1000]
//                        [--learnings 100] [--train-images 600] [--no-build]
// An endpoint passes when its p99 meets the goal in both runs, the offered rate was held (≥ 95 %), and no
// request got a 5xx or a connection error.
import { createWriteStream, openAsBlob } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import yazl from 'yazl';
import {
  DEMO_USER,
  api,
  ensureBuilt,
  flag,
  load,
  login,
  productCpu,
  round,
  sleep,
  startProduct,
  type Product,
} from './lib/product';

const args = process.argv.slice(2);
const DURATION = Number(flag(args, 'duration') ?? 60);
const RATE = Number(flag(args, 'rate') ?? 200);
const IMAGES = Number(flag(args, 'images') ?? 100_000);
const EVALUATIONS = Number(flag(args, 'evaluations') ?? 1000);
const LEARNINGS = Number(flag(args, 'learnings') ?? 100);
// autocannon paces each connection on its own timer, so N connections fire in bursts of N: with 100
// connections the server saw 100 requests at once every half second (p50 100 ms from queueing alone).
// 10 connections keep the offered 200 req/s nearly uniform and still hold the rate at ~50 ms answers.
const CONNECTIONS = Number(flag(args, 'connections') ?? 10);
const FOLDERS = 10;
const CLASSES = ['crazing', 'inclusion', 'patches', 'pitted', 'rolled', 'scratches'];
const TRAIN_IMAGES = Number(flag(args, 'train-images') ?? 600);
const GOAL = { p99_idle_ms: 50, p99_training_ms: 150, errors_5xx: 0 };
const log = (m: string) => process.stderr.write(`[bench api] ${m}\n`);

interface Seeded {
  projectId: number;
  gridDatasetId: number;
  folderIds: number[];
  evaluationIds: number[];
  learnings: number;
  resultRows: number;
}

/** Rows straight into PostgreSQL: one cf dataset of IMAGES images in FOLDERS folders, LEARNINGS done
 * learnings, EVALUATIONS done evaluations whose result rows together cover the images once. */
async function seed(url: string, projectId: number, userId: number): Promise<Seeded> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('BEGIN');
    // The seeded learnings must not use up the project's learning count limit of the real training.
    await c.query('UPDATE projects SET learning_limit = NULL WHERE id = $1', [projectId]);
    const ds = await c.query<{ id: number }>(
      `INSERT INTO datasets (project_id, name, type, purpose, created_by) VALUES ($1, 'bench-grid-100k', 'cf', 'preprocessing', $2) RETURNING id`,
      [projectId, userId],
    );
    const datasetId = ds.rows[0]!.id;
    const folders = await c.query<{ id: number }>(
      `INSERT INTO dataset_folders (dataset_id, name) SELECT $1, 'station' || g FROM generate_series(0, $2 - 1) g ORDER BY g RETURNING id`,
      [datasetId, FOLDERS],
    );
    const classes = await c.query<{ id: number }>(
      `INSERT INTO dataset_classes (dataset_id, name, color, sort_order)
         SELECT $1, n, '#' || lpad(to_hex((o * 2654435761) % 16777216), 6, '0'), o FROM unnest($2::text[]) WITH ORDINALITY AS t(n, o)
         ORDER BY o RETURNING id`,
      [datasetId, CLASSES],
    );
    const folderIds = folders.rows.map((r) => r.id);
    const classIds = classes.rows.map((r) => r.id);
    await c.query(
      `INSERT INTO dataset_images (id, dataset_id, folder_id, class_id, file_name, original_name, sha256, width, height,
                                   channels, format, size_bytes, confirmed, created_at, updated_at)
       SELECT gen_random_uuid(), $1, ($2::int[])[1 + g % $4], ($3::int[])[1 + (g / $4) % $5],
              'img_' || lpad(g::text, 6, '0') || '.jpg', 'img_' || lpad(g::text, 6, '0') || '.jpg',
              md5(g::text) || md5('b' || g::text), 200, 200, 1, 'jpeg', 9000 + g % 4000, g % 3 = 0,
              now() - (g || ' seconds')::interval, now()
       FROM generate_series(0, $6 - 1) g`,
      [datasetId, folderIds, classIds, FOLDERS, CLASSES.length, IMAGES],
    );
    const algo = await c.query<{ id: number }>(
      `SELECT id FROM algorithms WHERE engine_key = 'cf-resnet' AND kind = 'training' ORDER BY id LIMIT 1`,
    );
    const algorithmId = algo.rows[0]?.id ?? null;
    const classJson = JSON.stringify(CLASSES.map((name, index) => ({ index, name, ok: false })));
    const history = JSON.stringify(
      Array.from({ length: 30 }, (_, e) => ({
        run: 1,
        epoch: e + 1,
        train_loss: round(1.8 / (e + 1), 4),
        val_loss: round(2 / (e + 1), 4),
        metrics: { accuracy: round(0.5 + (0.49 * e) / 29, 4) },
        seconds: 12.5,
      })),
    );
    const params = JSON.stringify({
      epochs: 30,
      batchSize: 32,
      learningRate: 0.002,
      inputSize: 128,
      patience: 6,
    });
    const ls = await c.query<{ id: number }>(
      `INSERT INTO learnings (project_id, dataset_id, dataset_name, name, task, algorithm_id, algorithm_name, engine_key,
                              params, classes, validation_split, status, progress, phase, epoch, epochs, metrics,
                              history, requested_by, requested_at, started_at, finished_at)
       SELECT $1, $2, 'bench-grid-100k', 'bench-model-' || lpad(g::text, 4, '0'), 'cf', $3, 'Classification (ResNet)',
              'cf-resnet', $4::jsonb, $5::jsonb, 0.2, 'done', 100, 'saving', 30, 30,
              jsonb_build_object('accuracy', 0.95 + (g % 50) / 1000.0), $6::jsonb, $7,
              now() - ((g * 600 + 400) || ' seconds')::interval, now() - ((g * 600 + 390) || ' seconds')::interval,
              now() - (g * 600 || ' seconds')::interval
       FROM generate_series(1, $8) g ORDER BY g RETURNING id`,
      [projectId, datasetId, algorithmId, params, classJson, history, userId, LEARNINGS],
    );
    const learningIds = ls.rows.map((r) => r.id);
    const ev = await c.query<{ id: number }>(
      `INSERT INTO evaluations (project_id, learning_id, model_name, algorithm_id, algorithm_name, engine_key, dataset_id,
                                dataset_name, name, task, classes, status, progress, image_count, metrics,
                                requested_by, requested_at, started_at, finished_at)
       SELECT $1, ($2::int[])[1 + g % cardinality($2::int[])], 'bench-model', $3, 'Classification (ResNet)', 'cf-resnet',
              $4, 'bench-grid-100k', 'bench-eval-' || lpad(g::text, 4, '0'), 'cf', $5::jsonb, 'done', 100, $6,
              jsonb_build_object('accuracy', 0.97), $7, now() - (g || ' minutes')::interval,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '20 seconds'
       FROM generate_series(0, $8 - 1) g ORDER BY g RETURNING id`,
      [
        projectId,
        learningIds,
        algorithmId,
        datasetId,
        classJson,
        Math.ceil(IMAGES / EVALUATIONS),
        userId,
        EVALUATIONS,
      ],
    );
    const evaluationIds = ev.rows.map((r) => r.id);
    // Result rows: image k goes to evaluation k % EVALUATIONS; 3 % of them wrong.
    const res = await c.query(
      `WITH imgs AS (
         SELECT i.id, i.file_name, row_number() OVER (ORDER BY i.file_name) - 1 AS k,
                (SELECT sort_order - 1 FROM dataset_classes dc WHERE dc.id = i.class_id) AS cls
         FROM dataset_images i WHERE i.dataset_id = $1)
       INSERT INTO evaluation_results (evaluation_id, image_id, file_name, true_class, predicted_class, score, correct)
       SELECT ($2::int[])[1 + k % cardinality($2::int[])], id, file_name, cls,
              CASE WHEN k % 33 = 0 THEN (cls + 1) % $3 ELSE cls END, 0.5 + (k % 500) / 1000.0, k % 33 <> 0
       FROM imgs`,
      [datasetId, evaluationIds, CLASSES.length],
    );
    await c.query('COMMIT');
    await c.query(
      'ANALYZE datasets, dataset_folders, dataset_classes, dataset_images, learnings, evaluations, evaluation_results',
    );
    return {
      projectId,
      gridDatasetId: datasetId,
      folderIds,
      evaluationIds,
      learnings: learningIds.length,
      resultRows: res.rowCount ?? 0,
    };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** A two-class synthetic cf zip (stripes at two orientations under noise), enough to train for minutes. */
async function makeTrainZip(path: string, n: number): Promise<void> {
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((res, rej) =>
    zip.outputStream.pipe(createWriteStream(path)).on('close', res).on('error', rej),
  );
  const S = 128;
  for (let i = 0; i < n; i++) {
    const cls = i % 2;
    const raw = Buffer.alloc(S * S);
    let seed = i * 7919 + 17;
    for (let y = 0; y < S; y++) {
      for (let x = 0; x < S; x++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const stripe = ((cls ? x : y) + i) % 16 < 8 ? 40 : 0;
        raw[y * S + x] = 90 + stripe + (seed % 90);
      }
    }
    const jpg = await sharp(raw, { raw: { width: S, height: S, channels: 1 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    zip.addBuffer(jpg, `${cls ? 'vertical' : 'horizontal'}/syn_${String(i).padStart(5, '0')}.jpg`, {
      compress: false,
    });
  }
  zip.end();
  await done;
}

interface Endpoint {
  key: 'learning_list' | 'evaluation_results' | 'image_grid';
  describe: string;
  path: () => string;
}

interface PhaseResult {
  p50_ms: number | null;
  p99_ms: number | null;
  mean_ms: number | null;
  max_ms: number | null;
  /** Answered requests (latencies are of the 2xx ones) and requests sent. */
  requests: number;
  requests_sent: number;
  achieved_rps: number;
  non_2xx: number;
  errors_5xx: number;
  errors_4xx: number;
  connection_errors: number;
  timeouts: number;
  /** CPU milliseconds per answered request of the server process and of PostgreSQL: what a request
   * costs the product, independent of how loaded the machine is. */
  server_cpu_ms_per_req?: number | null;
  postgres_cpu_ms_per_req?: number | null;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const randInt = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

async function drive(
  base: string,
  token: string,
  ep: Endpoint,
  seconds: number,
  rate: number,
): Promise<PhaseResult> {
  const result = await autocannon({
    url: base,
    // A slow answer holds its connection back: `achieved_rps` tells whether the offered rate was held.
    connections: CONNECTIONS,
    overallRate: rate,
    duration: seconds,
    timeout: 10,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: ep.path() }) }],
  });
  const lat = result.latency;
  const ms = (x: number) => (result['2xx'] > 0 ? round(x, 1) : null);
  return {
    p50_ms: ms(lat.p50),
    p99_ms: ms(lat.p99),
    mean_ms: ms(lat.average),
    max_ms: ms(lat.max),
    requests: result.requests.total,
    requests_sent: result.requests.sent,
    achieved_rps: round(result.requests.total / result.duration, 1),
    non_2xx: result.non2xx,
    errors_5xx: result['5xx'],
    errors_4xx: result['4xx'],
    connection_errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function phase(product: Product, token: string, eps: Endpoint[], name: string) {
  const base = product.base;
  const out: Record<string, PhaseResult & { loadavg_before: number[] }> = {};
  for (const ep of eps) {
    // A short unmeasured warm-up (JIT, pool connections, PostgreSQL caches).
    await drive(base, token, ep, 3, Math.min(RATE, 50));
    const before = load();
    log(`${name}: ${ep.describe} at ${RATE} req/s for ${DURATION} s (load ${before.join(' ')})`);
    const cpu0 = productCpu(product);
    const r = await drive(base, token, ep, DURATION, RATE);
    const cpu1 = productCpu(product);
    const perReq = (a: number, b: number) => (r.requests ? round(((b - a) * 1000) / r.requests, 2) : null);
    r.server_cpu_ms_per_req = perReq(cpu0.server, cpu1.server);
    r.postgres_cpu_ms_per_req = perReq(cpu0.postgres, cpu1.postgres);
    log(
      `  p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, ${r.requests} requests, non-2xx ${r.non_2xx}, 5xx ${r.errors_5xx}, ` +
        `CPU/request server ${r.server_cpu_ms_per_req} ms, PostgreSQL ${r.postgres_cpu_ms_per_req} ms`,
    );
    out[ep.key] = { ...r, loadavg_before: before };
  }
  return out;
}

interface LearningDetail {
  data: { id: number; status: string; phase: string | null; epoch: number | null; epochs: number | null };
}

async function main() {
  const startedLoad = load();
  ensureBuilt(log, { skip: args.includes('--no-build') });
  const product = await startProduct({ workers: 1, log, tag: 'server' });
  const work = product.work;
  // Read by the finally block (cancel the training) whether or not the try got far.
  // eslint-disable-next-line no-useless-assignment
  let learningId: number | null = null;
  // eslint-disable-next-line no-useless-assignment
  let token = '';
  try {
    token = await login(product.base, DEMO_USER, product.demoPassword);
    const projects = await api<{ data: { id: number; code: string }[] }>(
      product.base,
      token,
      'GET',
      '/api/projects',
    );
    const project = projects.data.find((p) => p.code === 'DEMO-0001') ?? projects.data[0];
    if (!project) throw new Error('demo-user sees no project');

    const url = await product.databaseUrl();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const user = await c.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [DEMO_USER]);
    await c.end();
    log(`seeding ${IMAGES} images, ${LEARNINGS} learnings, ${EVALUATIONS} evaluations in PostgreSQL…`);
    const t0 = performance.now();
    const s = await seed(url, project.id, user.rows[0]!.id);
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`seeded in ${round(seedSeconds, 1)} s (${s.resultRows} evaluation result rows)`);

    // The training's dataset goes in through the upload API (its images must be in storage).
    log(`uploading a ${TRAIN_IMAGES}-image synthetic cf dataset for the training…`);
    const zipPath = join(work, 'train.zip');
    await makeTrainZip(zipPath, TRAIN_IMAGES);
    const form = new FormData();
    form.set('project_id', String(project.id));
    form.set('name', 'bench-train-synthetic');
    form.set('type', 'cf');
    form.set('file', await openAsBlob(zipPath), 'train.zip');
    const up = await fetch(`${product.base}/api/v2/datasets/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const upBody = (await up.json()) as { data?: { dataset_id?: number; id?: number; stored: number } };
    const trainDatasetId = upBody.data?.dataset_id ?? upBody.data?.id;
    if (up.status !== 201 || !trainDatasetId)
      throw new Error(`upload failed: ${up.status} ${JSON.stringify(upBody).slice(0, 400)}`);

    const perPageGrid = 30;
    const gridPages = Math.max(1, Math.min(20, Math.floor(IMAGES / FOLDERS / perPageGrid)));
    const resultPages = Math.max(1, Math.ceil(IMAGES / EVALUATIONS / 30));
    const endpoints: Endpoint[] = [
      {
        key: 'learning_list',
        describe: 'GET /api/v2/learnings?project_id=…',
        path: () => `/api/v2/learnings?project_id=${project.id}&page=${randInt(1, 3)}`,
      },
      {
        key: 'evaluation_results',
        describe: 'GET /api/v2/evaluations/:id/results?…',
        path: () =>
          `/api/v2/evaluations/${pick(s.evaluationIds)}/results?filter=${pick(['all', 'all', 'correct', 'wrong'])}&page=${randInt(1, resultPages)}&perPage=30`,
      },
      {
        key: 'image_grid',
        describe: 'GET /api/v2/datasets/:id/images?folder_id=…',
        path: () =>
          `/api/v2/datasets/${s.gridDatasetId}/images?folder_id=${pick(s.folderIds)}&filter=all&page=${randInt(1, gridPages)}&perPage=${perPageGrid}`,
      },
    ];

    const idle = await phase(product, token, endpoints, 'idle');

    // A real training through the API: the default cf algorithm with room to run past the phase.
    const algoRows = await api<{ data: { data: { id: number; engineKey: string; workType: string }[] } }>(
      product.base,
      token,
      'GET',
      `/api/algorithms?projectId=${project.id}&kind=training&workType=cf&perPage=100`,
    );
    const algorithmId = (algoRows.data.data.find((a) => a.engineKey === 'cf-resnet') ?? algoRows.data.data[0])
      ?.id;
    if (!algorithmId) throw new Error('no cf training algorithm in the project');
    const created = await api<LearningDetail>(product.base, token, 'POST', '/api/v2/learnings', {
      dataset_id: trainDatasetId,
      name: 'bench-training',
      algorithm_id: algorithmId,
      params: { epochs: 500, patience: 100 },
    });
    learningId = created.data.id;
    log(`training ${learningId} requested; waiting for its training phase…`);
    const waitStart = Date.now();
    let state = created.data;
    while (!(state.status === 'running' && (state.phase === 'training' || (state.epoch ?? 0) >= 1))) {
      if (['done', 'error', 'canceled'].includes(state.status))
        throw new Error(`training ended early: ${JSON.stringify(state)}`);
      if (Date.now() - waitStart > 15 * 60_000) throw new Error('training did not start within 15 minutes');
      await sleep(2000);
      state = (await api<LearningDetail>(product.base, token, 'GET', `/api/v2/learnings/${learningId}`)).data;
    }
    const startState = {
      status: state.status,
      phase: state.phase,
      epoch: state.epoch,
      waited_s: round((Date.now() - waitStart) / 1000, 1),
    };
    log(`training running (phase ${state.phase}, epoch ${state.epoch}) after ${startState.waited_s} s`);

    const training = await phase(product, token, endpoints, 'under training');
    const endState = (
      await api<LearningDetail>(product.base, token, 'GET', `/api/v2/learnings/${learningId}`)
    ).data;
    log(
      `training at the end: ${endState.status} ${endState.phase ?? ''} epoch ${endState.epoch}/${endState.epochs}`,
    );
    await api(product.base, token, 'POST', `/api/v2/learnings/${learningId}/cancel`).catch((e) =>
      log(`cancel: ${e}`),
    );

    const endpointsOut: Record<string, unknown> = {};
    let worstRatio = 0;
    let pass = true;
    for (const ep of endpoints) {
      const a = idle[ep.key]!;
      const b = training[ep.key]!;
      const ratio = a.p99_ms && b.p99_ms ? round(b.p99_ms / a.p99_ms, 2) : null;
      if (ratio !== null) worstRatio = Math.max(worstRatio, ratio);
      const held = (r: PhaseResult) => r.achieved_rps >= 0.95 * RATE;
      const ok =
        a.p99_ms !== null &&
        b.p99_ms !== null &&
        a.p99_ms < GOAL.p99_idle_ms &&
        b.p99_ms < GOAL.p99_training_ms &&
        held(a) &&
        held(b) &&
        a.errors_5xx + b.errors_5xx === 0 &&
        a.connection_errors + b.connection_errors === 0;
      pass &&= ok;
      endpointsOut[ep.key] = {
        path: ep.describe,
        idle: a,
        training: b,
        rate_held: { idle: held(a), training: held(b) },
        ratio_p99_training_over_idle: ratio,
        pass: ok,
      };
    }
    const result = {
      bench: 'api',
      rate_per_s: RATE,
      connections: CONNECTIONS,
      duration_s: DURATION,
      seeded: {
        dataset_images: IMAGES,
        folders: FOLDERS,
        learnings: s.learnings,
        evaluations: s.evaluationIds.length,
        evaluation_results: s.resultRows,
        seed_seconds: round(seedSeconds, 1),
      },
      endpoints: endpointsOut,
      training: {
        learning_id: learningId,
        train_images: TRAIN_IMAGES,
        at_start: startState,
        at_end: { status: endState.status, phase: endState.phase, epoch: endState.epoch },
        ran_throughout: endState.status === 'running',
      },
      machine: { cpus: cpus().length, loadavg_start: startedLoad, loadavg_end: load() },
      baseline: 'idle run of the same endpoint',
      ratio: round(worstRatio, 2),
      goal: GOAL,
      pass: pass && endState.status === 'running',
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
