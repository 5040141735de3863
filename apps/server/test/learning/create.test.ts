// Learning create/read/cancel/delete rules on real PostgreSQL, no worker: model name rules and the
// duplicate check, algorithm scope and task, admin-edited parameter ranges, OK classes, target regions,
// dataset purpose, relearning, limits (also under concurrent requests), queue position, cancel, delete.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { algorithmProjects, algorithms, learnings } from '@sightline/db';
import { algorithmId, insertDataset, plainPng, readSse, setupLearningApp, trainer } from './helpers';

// The public-cloud product: role 5 accounts are trial accounts (SPEC §6).
const t = setupLearningApp({ config: { productName: 'cloud' } });
const en = { 'x-locale': 'en' };

async function cfDataset(
  projectId: number,
  classes = ['ok', 'scratch'],
  opts: { purpose?: 'evaluation'; sizes?: [number, number][] } = {},
) {
  let seed = Math.floor(Math.random() * 1e6);
  const files: Record<string, Buffer[]> = {};
  for (const [ci, c] of classes.entries()) {
    const size = opts.sizes?.[ci] ?? [24, 24];
    files[c] = [await plainPng(seed++, size[0], size[1]), await plainPng(seed++, size[0], size[1])];
  }
  return insertDataset(t.db, t.deps.storage, { projectId, classes: files, purpose: opts.purpose });
}

async function create(headers: object, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/learnings',
    headers: { ...headers, ...en },
    payload: body,
  });
}

let listening: Promise<string> | null = null;
/** The app on a real port (SSE is read with fetch), started once for the file. */
const listen = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

/** Creates and expects 201, then marks the row canceled so the user's concurrent limit stays free. */
async function accepted(headers: object, body: Record<string, unknown>) {
  const res = await create(headers, body);
  expect(res.statusCode, res.body).toBe(201);
  await t.db.update(learnings).set({ status: 'canceled' }).where(eq(learnings.id, res.json().data.id));
  return res;
}

describe('create', () => {
  it('creates a waiting learning with resolved params, class snapshot, default OK class, timings and a job', async () => {
    const p = await trainer(t);
    const ds = await cfDataset(p.project.id, ['good', 'dent', 'scratch']);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const res = await create(p.headers, {
      dataset_id: ds,
      name: 'model-1',
      algorithm_id: algo,
      params: { epochs: 3 },
      validation_split: 0.25,
    });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({
      name: 'model-1',
      task: 'cf',
      status: 'waiting',
      progress: 0,
      resumed: false,
      queue_position: 1,
      algorithm: { id: algo, engine_key: 'cf-resnet' },
      dataset: { id: ds },
      requestor: { id: p.user.id, username: p.user.username },
      project: { id: p.project.id, code: p.project.code },
      validation_split: 0.25,
      error: null,
    });
    expect(d.params).toMatchObject({ epochs: 3, batchSize: 32, valSplit: 0.25 });
    expect(d.classes).toEqual([
      { index: 0, name: 'good', ok: true },
      { index: 1, name: 'dent', ok: false },
      { index: 2, name: 'scratch', ok: false },
    ]);
    expect(d.timings).toMatchObject({ started_at: null, finished_at: null, progress_seconds: null });
    expect(d.timings.waiting_seconds).toBeGreaterThanOrEqual(0);
    const job = await t.app.inject({ url: `/api/jobs/${d.job_id}`, headers: p.headers });
    expect(job.json().data).toMatchObject({
      kind: 'learning.train',
      status: 'queued',
      project_id: p.project.id,
    });
    expect((await t.queue!.boss.getJobById('learning.train', d.job_id))?.data).toEqual({ learningId: d.id });

    const list = await t.app.inject({
      url: `/api/v2/learnings?project_id=${p.project.id}`,
      headers: p.headers,
    });
    expect(list.json().data).toMatchObject({
      total: 1,
      data: [{ id: d.id, status: 'waiting', queue_position: 1 }],
    });
    const got = await t.app.inject({ url: `/api/v2/learnings/${d.id}`, headers: p.headers });
    expect(got.json().data).toMatchObject({ id: d.id, history: [], files: [], warnings: [] });
  });

  it('checks model names: required, characters, length, duplicates in the project (check-name too)', async () => {
    const p = await trainer(t);
    const ds = await cfDataset(p.project.id);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const base = { dataset_id: ds, algorithm_id: algo };
    const required = await create(p.headers, { ...base, name: '' });
    expect(required.statusCode).toBe(400);
    expect(required.json().error).toMatchObject({
      code: 'MODEL_NAME_REQUIRED',
      message: 'Please enter a model name.',
    });
    expect((await create(p.headers, { ...base, name: 'bad name!' })).json().error.code).toBe(
      'MODEL_NAME_INVALID',
    );
    expect((await create(p.headers, { ...base, name: 'x'.repeat(31) })).json().error.code).toBe(
      'MODEL_NAME_INVALID',
    );

    const check = (name: string) =>
      t.app.inject({
        url: `/api/v2/learnings/check-name?project_id=${p.project.id}&name=${encodeURIComponent(name)}`,
        headers: p.headers,
      });
    expect((await check('dup')).json().data).toEqual({ available: true, code: null });
    expect((await create(p.headers, { ...base, name: 'dup' })).statusCode).toBe(201);
    expect((await check('dup')).json().data).toEqual({ available: false, code: 'MODEL_NAME_EXISTS' });
    expect((await check('no way')).json().data).toEqual({ available: false, code: 'MODEL_NAME_INVALID' });
    const dup = await create(p.headers, { ...base, name: 'dup' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'MODEL_NAME_EXISTS',
      message: 'Model name already exists.',
    });

    // Another project may use the same name.
    const q = await trainer(t);
    const ds2 = await cfDataset(q.project.id);
    expect((await create(q.headers, { dataset_id: ds2, algorithm_id: algo, name: 'dup' })).statusCode).toBe(
      201,
    );
  });

  it('takes the algorithm from the registry scoped to the project and the dataset task', async () => {
    const p = await trainer(t);
    const ds = await cfDataset(p.project.id);
    const od = await algorithmId(t.db, 'od-centernet');
    const mismatch = await create(p.headers, { dataset_id: ds, name: 'm', algorithm_id: od });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 'ALGORITHM_TASK_MISMATCH',
      message: 'The algorithm does not fit the dataset type (cf).',
    });
    // A copy of cf-resnet scoped to another project is not available here.
    const other = await t.factory.project();
    const [row] = await t.db.select().from(algorithms).where(eq(algorithms.engineKey, 'cf-resnet'));
    const [scoped] = await t.db
      .insert(algorithms)
      .values({ ...row!, id: undefined, scope: 'projects', createdAt: undefined, updatedAt: undefined })
      .returning();
    await t.db.insert(algorithmProjects).values({ algorithmId: scoped!.id, projectId: other.id });
    const notHere = await create(p.headers, { dataset_id: ds, name: 'm', algorithm_id: scoped!.id });
    expect(notHere.json().error).toMatchObject({ code: 'ALGORITHM_NOT_AVAILABLE' });
    expect(
      (await create(p.headers, { dataset_id: ds, name: 'm', algorithm_id: 999_999 })).json().error.code,
    ).toBe('ALGORITHM_NOT_AVAILABLE');
    const aug = await t.db.select().from(algorithms).where(eq(algorithms.kind, 'augmentation')).limit(1);
    if (aug[0])
      expect(
        (await create(p.headers, { dataset_id: ds, name: 'm', algorithm_id: aug[0].id })).json().error.code,
      ).toBe('ALGORITHM_NOT_AVAILABLE');
    // Anomaly detection may train on the OK class of a classification dataset.
    const ad = await algorithmId(t.db, 'ad-patchknn');
    const adRes = await create(p.headers, { dataset_id: ds, name: 'ad-model', algorithm_id: ad });
    expect(adRes.statusCode).toBe(201);
    expect(adRes.json().data).toMatchObject({
      task: 'ad',
      classes: [
        { name: 'good', ok: true },
        { name: 'defect', ok: false },
      ],
    });
  });

  it('checks parameters against the admin-edited row (min/max, integer, unknown keys)', async () => {
    const p = await trainer(t);
    const ds = await cfDataset(p.project.id);
    const algo = await algorithmId(t.db, 'cf-resnet');
    // The admin narrows epochs to 1..5.
    const [row] = await t.db.select().from(algorithms).where(eq(algorithms.id, algo));
    const edited = row!.trainParams.map((q) => (q.key === 'epochs' ? { ...q, max: 5, default: 3 } : q));
    await t.db.update(algorithms).set({ trainParams: edited }).where(eq(algorithms.id, algo));
    try {
      const over = await create(p.headers, {
        dataset_id: ds,
        name: 'p1',
        algorithm_id: algo,
        params: { epochs: 6 },
      });
      expect(over.statusCode).toBe(400);
      // epochs is an 'auto' param: 0 lets the engine pick, so the message names it.
      expect(over.json().error).toMatchObject({
        code: 'TRAIN_PARAM_INVALID_AUTO',
        message: 'Parameter epochs must be 0 (auto) or lie between 1 and 5.',
      });
      expect(
        (
          await create(p.headers, { dataset_id: ds, name: 'p1', algorithm_id: algo, params: { epochs: 2.5 } })
        ).json().error.code,
      ).toBe('TRAIN_PARAM_INVALID_AUTO');
      expect(
        (
          await create(p.headers, { dataset_id: ds, name: 'p1', algorithm_id: algo, params: { width: 1000 } })
        ).json().error,
      ).toMatchObject({
        code: 'TRAIN_PARAM_INVALID',
        message: 'Parameter width must lie between 8 and 128.',
      });
      const unknown = await create(p.headers, {
        dataset_id: ds,
        name: 'p1',
        algorithm_id: algo,
        params: { nope: 1 },
      });
      expect(unknown.json().error).toMatchObject({
        code: 'TRAIN_PARAM_UNKNOWN',
        message: 'The algorithm has no parameter nope.',
      });
      const ok = await create(p.headers, {
        dataset_id: ds,
        name: 'p1',
        algorithm_id: algo,
        params: { epochs: 5, flipH: 0 },
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.params).toMatchObject({ epochs: 5, flipH: 0 });
      const dflt = await create(p.headers, { dataset_id: ds, name: 'p2', algorithm_id: algo });
      expect(dflt.json().data.params.epochs).toBe(3);
      const auto = await create(p.headers, {
        dataset_id: ds,
        name: 'p3',
        algorithm_id: algo,
        params: { epochs: 0, inputSize: 0 },
      });
      expect(auto.statusCode).toBe(201);
      expect(auto.json().data.params).toMatchObject({ epochs: 0, inputSize: 0 });
    } finally {
      await t.db.update(algorithms).set({ trainParams: row!.trainParams }).where(eq(algorithms.id, algo));
    }
  });

  it('checks OK classes, target regions and the dataset purpose', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ad = await algorithmId(t.db, 'ad-patchknn');
    const noOk = await cfDataset(p.project.id, ['dent', 'scratch']);
    // cf without an OK class trains (e.g. six defect types); ad needs one OK and one NG class.
    await accepted(p.headers, { dataset_id: noOk, name: 'cf-no-ok', algorithm_id: algo });
    const adNoOk = await create(p.headers, { dataset_id: noOk, name: 'ad-no-ok', algorithm_id: ad });
    expect(adNoOk.json().error).toMatchObject({
      code: 'OK_CLASS_REQUIRED',
      message: 'Check at least one class as OK and one as not OK.',
    });
    await accepted(p.headers, {
      dataset_id: noOk,
      name: 'ad-chosen',
      algorithm_id: ad,
      ok_classes: ['dent'],
    });
    expect(
      (
        await create(p.headers, {
          dataset_id: noOk,
          name: 'all-ok',
          algorithm_id: algo,
          ok_classes: ['dent', 'scratch'],
        })
      ).json().error.code,
    ).toBe('OK_CLASS_REQUIRED');
    expect(
      (
        await create(p.headers, {
          dataset_id: noOk,
          name: 'unk-ok',
          algorithm_id: algo,
          ok_classes: ['nope'],
        })
      ).json().error.code,
    ).toBe('OK_CLASS_REQUIRED');
    const edited = await accepted(p.headers, {
      dataset_id: noOk,
      name: 'cf-ok-dent',
      algorithm_id: algo,
      ok_classes: ['DENT'],
    });
    expect(edited.json().data.classes).toEqual([
      { index: 0, name: 'dent', ok: true },
      { index: 1, name: 'scratch', ok: false },
    ]);

    const region = { x: 0, y: 0, w: 10, h: 10 };
    const tooMany = await create(p.headers, {
      dataset_id: noOk,
      name: 'r1',
      algorithm_id: algo,
      regions: Array(11).fill(region),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'TARGET_REGION_LIMIT',
      message: 'Target region limit of 10.',
    });
    const mixed = await cfDataset(p.project.id, ['ok', 'ng'], {
      sizes: [
        [24, 24],
        [32, 24],
      ],
    });
    const sizes = await create(p.headers, {
      dataset_id: mixed,
      name: 'r2',
      algorithm_id: algo,
      regions: [region],
    });
    expect(sizes.json().error).toMatchObject({
      code: 'TARGET_REGION_SAME_SIZE',
      message:
        'Training with a target region requires all images in the dataset to have the same width and height.',
    });
    expect(
      (
        await create(p.headers, {
          dataset_id: noOk,
          name: 'r3',
          algorithm_id: algo,
          regions: [{ x: 20, y: 0, w: 10, h: 10 }],
        })
      ).json().error.code,
    ).toBe('TARGET_REGION_INVALID');
    const ten = await accepted(p.headers, {
      dataset_id: noOk,
      name: 'r4',
      algorithm_id: algo,
      regions: Array(10).fill(region),
    });
    expect(ten.json().data.regions).toHaveLength(10);

    const evalSet = await cfDataset(p.project.id, ['ok', 'ng'], { purpose: 'evaluation' });
    const purpose = await create(p.headers, { dataset_id: evalSet, name: 'e1', algorithm_id: algo });
    expect(purpose.json().error).toMatchObject({
      code: 'DATASET_PURPOSE_MISMATCH',
      message: "This work needs a dataset of purpose 'preprocessing'.",
    });
  });

  it('relearning needs a done learning of the project with the same classes, and keeps its history', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id, ['ok', 'ng']);
    const baseRes = await create(p.headers, { dataset_id: ds, name: 'base', algorithm_id: algo });
    const baseId = baseRes.json().data.id as number;
    const notDone = await create(p.headers, {
      dataset_id: ds,
      name: 're1',
      algorithm_id: algo,
      base_learning_id: baseId,
    });
    expect(notDone.json().error).toMatchObject({ code: 'LEARNING_NOT_DONE' });
    const history = [
      { run: 1, epoch: 1, train_loss: 0.5, val_loss: 0.4, metrics: { accuracy: 0.9 }, seconds: 1 },
    ];
    await t.db.update(learnings).set({ status: 'done', history }).where(eq(learnings.id, baseId));
    const other = await cfDataset(p.project.id, ['ok', 'dent']);
    const mismatch = await create(p.headers, {
      dataset_id: other,
      name: 're2',
      algorithm_id: algo,
      base_learning_id: baseId,
    });
    expect(mismatch.json().error).toMatchObject({
      code: 'RELEARN_CLASS_MISMATCH',
      message: 'Relearning needs the same classes as the previous model.',
    });
    const okFlag = await create(p.headers, {
      dataset_id: ds,
      name: 're3',
      algorithm_id: algo,
      base_learning_id: baseId,
      ok_classes: ['ng'],
    });
    expect(okFlag.json().error.code).toBe('RELEARN_CLASS_MISMATCH');
    const more = await cfDataset(p.project.id, ['ok', 'ng']);
    const re = await create(p.headers, {
      dataset_id: more,
      name: 're4',
      algorithm_id: algo,
      base_learning_id: baseId,
    });
    expect(re.statusCode).toBe(201);
    expect(re.json().data).toMatchObject({ base_learning_id: baseId, history });
  });
});

describe('limits', () => {
  it('3 concurrent trainings per user: of 5 parallel requests exactly 3 pass', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => create(p.headers, { dataset_id: ds, name: `par-${i}`, algorithm_id: algo })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, JSON.stringify(results.map((r) => r.json()))).toEqual([201, 201, 201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error).toEqual({
        code: 'CONCURRENT_TRAINING_LIMIT',
        message: 'Concurrent training limit of 3 per user reached.',
      });
    const [{ n }] = (
      await t.db.execute(sql`SELECT count(*)::int AS n FROM learnings WHERE requested_by = ${p.user.id}`)
    ).rows as { n: number }[];
    expect(n).toBe(3);
    const [{ jobs }] = (
      await t.db.execute(
        sql`SELECT count(*)::int AS jobs FROM jobs WHERE user_id = ${p.user.id} AND kind = 'learning.train'`,
      )
    ).rows as { jobs: number }[];
    expect(jobs).toBe(3); // the refused requests left no job behind

    // Queue positions follow request order over every waiting training.
    const list = (
      await t.app.inject({ url: `/api/v2/learnings?project_id=${p.project.id}`, headers: p.headers })
    ).json().data.data;
    const positions = list.map((l: { queue_position: number }) => l.queue_position).sort();
    expect(new Set(positions).size).toBe(3);

    // A canceled one frees a place.
    const first = list[list.length - 1];
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/learnings/${first.id}/cancel`,
          headers: p.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await create(p.headers, { dataset_id: ds, name: 'par-6', algorithm_id: algo })).statusCode).toBe(
      201,
    );
  });

  it('the project learning count limit counts all but error and canceled, also under concurrent requests', async () => {
    const p = await trainer(t, { learningLimit: 2 });
    const u2 = await t.factory.user({
      roleId: 4,
      companyId: p.company.id,
      projects: { [p.project.id]: [1] },
    });
    const h2 = await t.loginAs(u2);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const results = await Promise.all([
      create(p.headers, { dataset_id: ds, name: 'c1', algorithm_id: algo }),
      create(h2, { dataset_id: ds, name: 'c2', algorithm_id: algo }),
      create(p.headers, { dataset_id: ds, name: 'c3', algorithm_id: algo }),
      create(h2, { dataset_id: ds, name: 'c4', algorithm_id: algo }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toEqual({
      code: 'LEARNING_COUNT_LIMIT',
      message: 'Learning count limit reached. (At most 2)',
    });
    const ko = await t.app.inject({
      method: 'POST',
      url: '/api/v2/learnings',
      headers: { ...p.headers, 'x-locale': 'ko' },
      payload: { dataset_id: ds, name: 'c5', algorithm_id: algo },
    });
    expect(ko.json().error.message).toBe('학습 횟수 제한에 도달했습니다. (최대 2회)');
    // An error learning no longer counts.
    const done = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.id as number);
    await t.db.update(learnings).set({ status: 'error' }).where(eq(learnings.id, done[0]!));
    expect((await create(p.headers, { dataset_id: ds, name: 'c6', algorithm_id: algo })).statusCode).toBe(
      201,
    );
  });

  it('trial accounts (SPEC §6) train within the same limits until their expiry date', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const trial = await t.factory.user({
      roleId: 5,
      trial: true,
      companyId: p.company.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      projects: { [p.project.id]: [1] },
    });
    const h = await t.loginAs(trial);
    expect((await create(h, { dataset_id: ds, name: 'trial-1', algorithm_id: algo })).statusCode).toBe(201);
    await t.db.execute(sql`UPDATE users SET expires_at = now() - interval '1 minute' WHERE id = ${trial.id}`);
    const expired = await create(h, { dataset_id: ds, name: 'trial-2', algorithm_id: algo });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toEqual({
      code: 'ACCOUNT_EXPIRED',
      message: 'This trial account has expired.',
    });
  });

  it('needs the training permission in the project', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const monitor = await t.factory.user({
      roleId: 4,
      companyId: p.company.id,
      projects: { [p.project.id]: [2] },
    });
    const res = await create(await t.loginAs(monitor), { dataset_id: ds, name: 'nope', algorithm_id: algo });
    expect(res.statusCode).toBe(403);
    const outsider = await t.factory.user({ roleId: 4 });
    expect(
      (await create(await t.loginAs(outsider), { dataset_id: ds, name: 'nope', algorithm_id: algo }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/v2/learnings?project_id=${p.project.id}`,
          headers: await t.loginAs(outsider),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('cancel, delete, files, events', () => {
  it('cancels a waiting learning at once; then cancel answers LEARNING_NOT_CANCELABLE with the status', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const d = (await create(p.headers, { dataset_id: ds, name: 'cx', algorithm_id: algo })).json().data;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/learnings/${d.id}`,
      headers: { ...p.headers, ...en },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatchObject({
      code: 'LEARNING_DELETE_IN_PROGRESS',
      message: 'A training in progress cannot be deleted.',
    });
    const file = await t.app.inject({
      url: `/api/v2/learnings/${d.id}/files/model.onnx`,
      headers: { ...p.headers, ...en },
    });
    expect(file.statusCode).toBe(409);
    expect(file.json().error.code).toBe('LEARNING_NOT_DONE');

    const c = await t.app.inject({
      method: 'POST',
      url: `/api/v2/learnings/${d.id}/cancel`,
      headers: p.headers,
    });
    expect(c.statusCode).toBe(200);
    expect(c.json().data).toMatchObject({ status: 'canceled', queue_position: null });
    expect(c.json().data.timings.canceled_at).not.toBeNull();
    const job = (await t.app.inject({ url: `/api/jobs/${d.job_id}`, headers: p.headers })).json().data;
    expect(job.status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v2/learnings/${d.id}/cancel`,
      headers: { ...p.headers, ...en },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'LEARNING_NOT_CANCELABLE',
      message: 'Training cannot be canceled because of its status (canceled).',
    });

    // A running one goes to canceling (the worker stops it); canceling is not cancelable again.
    const r = (await create(p.headers, { dataset_id: ds, name: 'cy', algorithm_id: algo })).json().data;
    await t.db.update(learnings).set({ status: 'running' }).where(eq(learnings.id, r.id));
    await t.db.execute(sql`UPDATE jobs SET status = 'running' WHERE id = ${r.job_id}`);
    const c2 = await t.app.inject({
      method: 'POST',
      url: `/api/v2/learnings/${r.id}/cancel`,
      headers: p.headers,
    });
    expect(c2.json().data.status).toBe('canceling');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/learnings/${r.id}/cancel`,
          headers: { ...p.headers, ...en },
        })
      ).json().error.message,
    ).toBe('Training cannot be canceled because of its status (canceling).');

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/learnings/${d.id}`,
      headers: p.headers,
    });
    expect(gone.json()).toEqual({ data: { deleted: true } });
    expect((await t.app.inject({ url: `/api/v2/learnings/${d.id}`, headers: p.headers })).statusCode).toBe(
      404,
    );
  });

  it('a lost worker hands the training back: running → waiting; a job failed for good → error', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const d = (await create(p.headers, { dataset_id: ds, name: 'lost', algorithm_id: algo })).json().data;
    await t.db.update(learnings).set({ status: 'running' }).where(eq(learnings.id, d.id));
    await t.db.execute(sql`UPDATE jobs SET status = 'running' WHERE id = ${d.job_id}`);
    await t.db.execute(
      sql`UPDATE jobs SET status = 'queued', message = 'worker lost; retrying' WHERE id = ${d.job_id}`,
    );
    expect(
      (await t.app.inject({ url: `/api/v2/learnings/${d.id}`, headers: p.headers })).json().data.status,
    ).toBe('waiting');
    await t.db.execute(
      sql`UPDATE jobs SET status = 'failed', message = 'worker lost' WHERE id = ${d.job_id}`,
    );
    const failed = (await t.app.inject({ url: `/api/v2/learnings/${d.id}`, headers: p.headers })).json().data;
    expect(failed).toMatchObject({ status: 'error', error: { code: 'JOB_FAILED', message: 'worker lost' } });
    expect(failed.timings.finished_at).not.toBeNull();
  });

  it('project SSE pushes the new queue position of a waiting learning when one ahead leaves the queue', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const a = (await create(p.headers, { dataset_id: ds, name: 'qa', algorithm_id: algo })).json().data;
    const b = (await create(p.headers, { dataset_id: ds, name: 'qb', algorithm_id: algo })).json().data;
    expect(b.queue_position).toBe(a.queue_position + 1);
    const address = await listen();
    const ticket = (
      await t.app.inject({ method: 'POST', url: '/api/auth/sse-ticket', headers: p.headers })
    ).json().data.ticket as string;
    const seen = readSse(
      `${address}/api/v2/learnings/events?project_id=${p.project.id}&ticket=${ticket}`,
      {},
      (ev) =>
        ev.some(
          (e) =>
            e.event === 'status' &&
            (e.data as { id: number; queue_position: number }).id === b.id &&
            (e.data as { queue_position: number }).queue_position === a.queue_position,
        ),
      20_000,
    );
    await new Promise((r) => setTimeout(r, 300));
    await t.app.inject({ method: 'POST', url: `/api/v2/learnings/${a.id}/cancel`, headers: p.headers });
    const events = await seen;
    expect(events.filter((e) => e.event === 'status').map((e) => (e.data as { id: number }).id)).toContain(
      b.id,
    );
  });

  it('project SSE pushes a status event when a learning of the project changes', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const ds = await cfDataset(p.project.id);
    const address = await listen();
    // EventSource-style: a single-use ticket in the URL, never the access token.
    const ticket = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/auth/sse-ticket', headers: p.headers })).json().data
        .ticket as string;
    const seen = readSse(
      `${address}/api/v2/learnings/events?project_id=${p.project.id}&ticket=${await ticket()}`,
      {},
      (ev) => ev.some((e) => e.event === 'deleted'),
      20_000,
    );
    await new Promise((r) => setTimeout(r, 300));
    const d = (await create(p.headers, { dataset_id: ds, name: 'sse', algorithm_id: algo })).json().data;
    await t.app.inject({ method: 'POST', url: `/api/v2/learnings/${d.id}/cancel`, headers: p.headers });

    // The per-learning stream of a finished learning sends its status and closes.
    const one = await readSse(
      `${address}/api/v2/learnings/${d.id}/events?ticket=${await ticket()}`,
      {},
      () => false,
      10_000,
    );
    expect(one).toEqual([
      { event: 'status', data: expect.objectContaining({ id: d.id, status: 'canceled' }) },
    ]);

    await new Promise((r) => setTimeout(r, 500));
    await t.app.inject({ method: 'DELETE', url: `/api/v2/learnings/${d.id}`, headers: p.headers });
    const events = await seen;
    const statuses = events
      .filter((e) => e.event === 'status')
      .map((e) => (e.data as { id: number; status: string }).status);
    expect(statuses).toContain('waiting');
    expect(statuses[statuses.length - 1]).toBe('canceled');
    expect(events[events.length - 1]).toEqual({ event: 'deleted', data: { id: d.id } });
  });
});
