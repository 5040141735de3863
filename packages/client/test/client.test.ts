import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../src/run';
import { ALGORITHMS, DATASET, PROJECTS, evaluation, learning } from './fixtures';
import { startMock, type Handler, type Mock, type RouteName } from './mock-server';

let mock: Mock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const base: Partial<Record<RouteName, Handler>> = {
  login: (r) => {
    const b = r.body as { username: string; password: string };
    if (b.username !== 'user1' || b.password !== 'pw-123456789')
      return {
        status: 401,
        body: { error: { code: 'INVALID_CREDENTIALS', message: 'The ID or password is not correct.' } },
      };
    return { body: { token: 'tok-1', expiresIn: 900 } };
  },
  projects: () => ({ body: { data: PROJECTS } }),
  algorithms: (r) => {
    const rows = ALGORITHMS.filter((a) => !r.query.workType || a.workType === r.query.workType);
    return { body: { data: { data: rows, total: rows.length } } };
  },
  dataset: () => ({ body: { data: DATASET } }),
};

async function cli(
  argv: string[],
  handlers: Partial<Record<RouteName, Handler>> = {},
  env: Record<string, string> = {},
) {
  mock ??= await startMock({ ...base, ...handlers });
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    env: {
      SIGHTLINE_URL: mock.url,
      SIGHTLINE_USER: 'user1',
      SIGHTLINE_PASSWORD: 'pw-123456789',
      SIGHTLINE_POLL_MS: '0',
      ...env,
    },
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
  });
  return { code, out, err, last: JSON.parse(out.at(-1)!) as Record<string, unknown> };
}

describe('sightline client', () => {
  it('projects: logs in and prints {projects:[{id,code,title}]} as the last stdout line', async () => {
    const r = await cli(['projects']);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    expect(r.last).toEqual({
      projects: [
        { id: 7, code: 'STEEL', title: 'Steel line' },
        { id: 9, code: 'GLASS', title: 'Glass' },
      ],
    });
    expect(mock!.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/auth/login',
      'GET /api/projects',
    ]);
    expect(mock!.calls[1]!.headers.authorization).toBe('Bearer tok-1');
  });

  it('algorithms --task: the project’s training algorithms of the task, default flagged', async () => {
    const r = await cli(['algorithms', '--task', 'cf', '--project', 'GLASS']);
    expect(r.code).toBe(0);
    const q = mock!.calls.find((c) => c.path === '/api/algorithms')!.query;
    expect(q).toMatchObject({ projectId: '9', workType: 'cf', kind: 'training' });
    const list = r.last.algorithms as {
      id: number;
      engine_key: string;
      default: boolean;
      train_params: unknown[];
    }[];
    expect(list.map((a) => [a.engine_key, a.default])).toEqual([
      ['cf-custom', false],
      ['cf-resnet', true],
    ]);
    expect(list[0]!.train_params).toEqual([{ key: 'epochs', default: 30, min: 1, max: 50 }]);
  });

  it('upload: multipart to the dataset upload API with the project id of the code', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sl-client-'));
    const zip = join(dir, 'neu.zip');
    await writeFile(zip, Buffer.from('PK\x03\x04fake'));
    let form: FormData | undefined;
    const r = await cli(
      ['upload', '--project', 'STEEL', '--name', 'neu_test', '--type', 'cf', '--purpose', 'evaluation', zip],
      {
        upload: async (req) => {
          form = await new Request('http://x', {
            method: 'POST',
            headers: { 'content-type': String(req.headers['content-type']) },
            body: req.raw,
          }).formData();
          return {
            status: 201,
            body: {
              data: {
                dataset_id: 6,
                created: true,
                stored: 360,
                duplicates: [],
                renamed: [],
                folders: ['default'],
                classes: ['ok'],
              },
            },
          };
        },
      },
    );
    expect(r.code).toBe(0);
    expect(r.last).toMatchObject({ dataset_id: 6, stored: 360 });
    expect(form!.get('project_id')).toBe('7');
    expect(form!.get('name')).toBe('neu_test');
    expect(form!.get('type')).toBe('cf');
    expect(form!.get('purpose')).toBe('evaluation');
    expect((form!.get('file') as File).name).toBe('neu.zip');
    expect(mock!.calls.find((c) => c.path === '/api/v2/datasets/upload')!.query.upload_id).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('train --wait: the task’s default algorithm, params as numbers, polls until done', async () => {
    const states = ['waiting', 'running', 'running', 'done'] as const;
    let polls = 0;
    const r = await cli(
      [
        'train',
        '--dataset',
        '5',
        '--name',
        'steel_cf',
        '--param',
        'epochs=12',
        '--param',
        'grayscale=true',
        '--wait',
      ],
      {
        createLearning: () => ({ status: 201, body: { data: learning('waiting') } }),
        getLearning: () => ({ body: { data: learning(states[Math.min(polls++, states.length - 1)]!) } }),
      },
    );
    expect(r.code).toBe(0);
    expect(r.last).toEqual({ id: 31, status: 'done', metrics: { accuracy: 0.995 } });
    expect(mock!.calls.find((c) => c.path === '/api/v2/learnings')!.body).toEqual({
      dataset_id: 5,
      name: 'steel_cf',
      algorithm_id: 12,
      params: { epochs: 12, grayscale: 1 },
    });
    expect(polls).toBe(4);
    expect(r.err.some((l) => l.includes('queue 2'))).toBe(true);
    expect(r.err.some((l) => l.includes('epoch 3/30'))).toBe(true);
    expect(mock!.violations).toEqual([]);
  });

  it('train without --wait answers at once; --algorithm takes an engine key', async () => {
    const r = await cli(['train', '--dataset', '5', '--name', 'ad1', '--algorithm', 'ad-patchknn'], {
      createLearning: () => ({ status: 201, body: { data: learning('waiting', { task: 'ad' }) } }),
    });
    expect(r.code).toBe(0);
    expect(r.last).toEqual({ id: 31, status: 'waiting', metrics: {} });
    expect(
      (mock!.calls.find((c) => c.path === '/api/v2/learnings')!.body as { algorithm_id: number })
        .algorithm_id,
    ).toBe(41);
  });

  it('a server refusal prints {"error":{code,message}} and exits 1', async () => {
    const r = await cli(['train', '--dataset', '5', '--name', 'm4'], {
      createLearning: () => ({
        status: 409,
        body: {
          error: {
            code: 'CONCURRENT_TRAINING_LIMIT',
            message: 'Concurrent training limit of 3 per user reached.',
          },
        },
      }),
    });
    expect(r.code).toBe(1);
    expect(r.last).toEqual({
      error: {
        code: 'CONCURRENT_TRAINING_LIMIT',
        message: 'Concurrent training limit of 3 per user reached.',
      },
    });
  });

  it('a training that fails while waited for exits 1 with its error and id', async () => {
    const r = await cli(['train', '--dataset', '5', '--name', 'm5', '--wait'], {
      createLearning: () => ({ status: 201, body: { data: learning('waiting') } }),
      getLearning: () => ({
        body: {
          data: learning('error', { error: { code: 'LOSS_DIVERGED', message: 'The loss diverged.' } }),
        },
      }),
    });
    expect(r.code).toBe(1);
    expect(r.last).toMatchObject({
      id: 31,
      status: 'error',
      error: { code: 'LOSS_DIVERGED', message: 'The loss diverged.' },
    });
  });

  it('usage errors exit 2 without calling the server', async () => {
    const r = await cli(['train', '--dataset', '5', '--name', 'x', '--param', 'epochs=lots']);
    expect(r.code).toBe(2);
    expect((r.last.error as { code: string }).code).toBe('USAGE');
    expect(mock!.calls).toEqual([]);
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['evaluate', '--model', '1', '--dataset', '2', '--threshold', '3'])).code).toBe(2);
  });

  it('missing configuration and wrong credentials are coded errors', async () => {
    const a = await cli(['projects'], {}, { SIGHTLINE_URL: '' });
    expect(a.code).toBe(1);
    expect(a.last).toMatchObject({ error: { code: 'CONFIG' } });
    const b = await cli(['projects'], {}, { SIGHTLINE_PASSWORD: 'wrong' });
    expect(b.last).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'The ID or password is not correct.' },
    });
  });

  it('evaluate --wait prints the engine metric names', async () => {
    let polls = 0;
    const r = await cli(['evaluate', '--model', '31', '--dataset', '6', '--threshold', '0.5', '--wait'], {
      createEvaluation: () => ({ status: 201, body: { data: evaluation('waiting') } }),
      getEvaluation: () => ({ body: { data: evaluation(polls++ < 1 ? 'running' : 'done') } }),
    });
    expect(r.code).toBe(0);
    expect(r.last).toEqual({ id: 44, status: 'done', metrics: { accuracy: 0.997, macroF1: 0.996 } });
    expect(mock!.calls.find((c) => c.path === '/api/v2/evaluations')!.body).toEqual({
      model_id: 31,
      dataset_id: 6,
      threshold: 0.5,
    });
    expect(mock!.violations).toEqual([]);
  });

  it('evaluate without --wait answers with the created evaluation', async () => {
    const r = await cli(['evaluate', '--model', '31', '--dataset', '6'], {
      createEvaluation: () => ({ status: 201, body: { data: evaluation('waiting') } }),
    });
    expect(r.code).toBe(0);
    expect(r.last).toEqual({ id: 44, status: 'waiting', metrics: {} });
  });

  it('export writes the ONNX model and its manifest', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'sl-export-')), 'model');
    const r = await cli(['export', '--model', '31', '--out', out], {
      getLearning: () => ({ body: { data: learning('done') } }),
      learningFile: (req) => ({
        bytes: Buffer.from(req.params.file === 'manifest.json' ? '{"version":1}' : 'ONNX!'),
      }),
    });
    expect(r.code).toBe(0);
    expect(r.last).toMatchObject({
      model_id: 31,
      dir: out,
      files: [
        { name: 'manifest.json', size: 13 },
        { name: 'model.onnx', size: 5 },
      ],
    });
    expect(await readFile(join(out, 'manifest.json'), 'utf8')).toBe('{"version":1}');
    expect(await readFile(join(out, 'model.onnx'), 'utf8')).toBe('ONNX!');
    await mock!.close();
    mock = undefined;
    const notDone = await cli(['export', '--model', '31', '--out', out], {
      getLearning: () => ({ body: { data: learning('running') } }),
    });
    expect(notDone.code).toBe(1);
    expect(notDone.last).toMatchObject({ error: { code: 'LEARNING_NOT_DONE' } });
  });

  it('logs in again once when the token expired during --wait', async () => {
    let token = 'tok-1';
    let logins = 0;
    let polls = 0;
    mock = await startMock(
      {
        ...base,
        login: () => ({ body: { token: (token = `tok-${++logins}`), expiresIn: 900 } }),
        createLearning: () => ({ status: 201, body: { data: learning('waiting') } }),
        getLearning: () => {
          polls++;
          if (polls === 1) token = 'rotated';
          return { body: { data: learning(polls < 2 ? 'running' : 'done') } };
        },
      },
      () => token,
    );
    const r = await cli(['train', '--dataset', '5', '--name', 'm6', '--wait']);
    expect(r.code).toBe(0);
    expect(r.last.status).toBe('done');
    expect(logins).toBe(2);
  });

  it('the installed bin: JSON on the last stdout line and a non-zero exit code on errors', async () => {
    mock = await startMock(base);
    const exec = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const p = spawn(process.execPath, [join(import.meta.dirname, '../bin/sightline.js'), ...args], {
          env: {
            ...process.env,
            SIGHTLINE_URL: mock!.url,
            SIGHTLINE_USER: 'user1',
            SIGHTLINE_PASSWORD: 'pw-123456789',
          },
        });
        let stdout = '';
        p.stdout.on('data', (d) => (stdout += d));
        p.on('close', (code) => resolve({ code, stdout }));
      });
    const ok = await exec(['projects']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout.trim().split('\n').at(-1)!).projects).toHaveLength(2);
    const bad = await exec(['evaluate', '--model', '999', '--dataset', '6']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout.trim().split('\n').at(-1)!)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
