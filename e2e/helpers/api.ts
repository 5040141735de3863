// API set-up for specs: read an answer's data, upload a dataset zip, start a training, wait for a job row.
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { apiLogin, bearer, type LoginAs } from './auth';
import { E2E_BASE_URL } from './credentials';

/** An authenticated API client of one project. */
export interface ApiCtx {
  api: APIRequestContext;
  headers: Record<string, string>;
  projectId: number;
}

/** The `data` of an answer; a failed answer fails the test with its status and body. */
export async function json<T>(res: APIResponse, what: string): Promise<T> {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/**
 * An API client logged in as `user`, on the first project the user sees (for set-up in beforeAll; dispose
 * `api` in afterAll).
 */
export async function apiSession(
  playwright: PlaywrightWorkerArgs['playwright'],
  user: LoginAs,
  baseURL: string = E2E_BASE_URL,
): Promise<ApiCtx> {
  const api = await playwright.request.newContext({ baseURL });
  const headers = bearer(await apiLogin(api, user));
  const projects = await json<{ id: number }[]>(await api.get('/api/projects', { headers }), 'projects');
  return { api, headers, projectId: projects[0]!.id };
}

export interface UploadOptions {
  name: string;
  type: 'cf' | 'od' | 'sg';
  /** Left out: the server's default purpose. */
  purpose?: 'preprocessing' | 'evaluation';
  zip: Buffer;
  /** The uploaded file's name; `<name>.zip` by default. */
  fileName?: string;
}

/** Uploads a dataset zip (POST /api/v2/datasets/upload) and returns the new dataset's id. */
export async function uploadDataset(c: ApiCtx, o: UploadOptions): Promise<number> {
  const res = await c.api.post('/api/v2/datasets/upload', {
    headers: c.headers,
    multipart: {
      project_id: String(c.projectId),
      name: o.name,
      type: o.type,
      ...(o.purpose ? { purpose: o.purpose } : {}),
      file: { name: o.fileName ?? `${o.name}.zip`, mimeType: 'application/zip', buffer: o.zip },
    },
    timeout: 120_000,
  });
  return (await json<{ dataset_id: number }>(res, `upload ${o.name}`)).dataset_id;
}

/** The id of the project's training algorithm with this engine key. */
export async function algorithmId(c: ApiCtx, engineKey: string): Promise<number> {
  const rows = await json<{ data: { id: number; engineKey: string }[] }>(
    await c.api.get('/api/algorithms', {
      headers: c.headers,
      params: { projectId: c.projectId, kind: 'training', perPage: 100 },
    }),
    'algorithms',
  );
  const row = rows.data.find((r) => r.engineKey === engineKey);
  expect(row, `algorithm ${engineKey} in the project`).toBeTruthy();
  return row!.id;
}

/** Starts a training (POST /api/v2/learnings) and returns its id. */
export async function train(
  c: Pick<ApiCtx, 'api' | 'headers'>,
  body: Record<string, unknown>,
): Promise<number> {
  const created = await json<{ id: number }>(
    await c.api.post('/api/v2/learnings', { headers: c.headers, data: body }),
    `train ${String(body.name)}`,
  );
  return created.id;
}

/** Polls GET `path` every 2 s until the row is done; fails when it leaves waiting/running or time runs out. */
export async function waitDone<T = Record<string, unknown>>(
  c: Pick<ApiCtx, 'api' | 'headers'>,
  path: string,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await json<{ status: string; error: unknown }>(
      await c.api.get(path, { headers: c.headers }),
      path,
    );
    if (row.status === 'done') return row as T;
    expect(['waiting', 'running'], `${path}: ${JSON.stringify(row.error)}`).toContain(row.status);
    expect(Date.now(), `${path} still ${row.status}`).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Polls the processing list until the work called `name` is done (500 ms steps, 2 minutes); fails on error. */
export async function processingDone<T extends { name: string; status: string }>(
  c: ApiCtx,
  name: string,
): Promise<T> {
  for (let i = 0; i < 240; i++) {
    const list = await json<{ data: T[] }>(
      await c.api.get('/api/v2/processing', {
        headers: c.headers,
        params: { project_id: c.projectId, search: name, perPage: 10 },
      }),
      'works',
    );
    const w = list.data.find((x) => x.name === name);
    expect(w?.status).not.toBe('error');
    if (w?.status === 'done') return w;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`work ${name} did not finish`);
}
