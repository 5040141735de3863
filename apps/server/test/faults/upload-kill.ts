// Issue 18 item 2, shared by upload-kill(-s3).test.ts: the real server (src/main.ts, a child process on
// this file's PostgreSQL database) is SIGKILLed while it stores a large zip upload, then started again.
// Before the restart the kill's leftovers are there (objects without rows, the spool folder, a temp
// file); after it the storage tree equals the rows, and no spool, temp file or journal row is left.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import sharp from 'sharp';
import { freePort } from '@sightline/db/embedded';
import { hostTag, type Storage } from '@sightline/storage';
import { createTestDatabase, waitFor } from '../harness';
import { multipart, zip } from '../datasets/fixtures';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../../src/main.ts');
export const PASSWORD = 'Demo-pass-2024';

export interface Server {
  child: ChildProcess;
  port: number;
  out(): string;
  exited: Promise<unknown>;
}

/** A noisy PNG (so the zip is large and every hash differs). */
async function noisyPng(seed: number, size: number): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  let x = (Math.imul(seed + 1, 2654435761) ^ 0x9e3779b9) >>> 0 || 1;
  for (let i = 0; i < raw.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    raw[i] = x & 0xff;
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The real server (src/main.ts) as a child process; resolves once it listens. */
export async function start(
  env: Record<string, string>,
  dataDir: string,
  running: ChildProcess[],
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WORKERS: '0',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: PASSWORD,
      ADMIN_PASSWORD: 'Admin-pass-2024',
      STORAGE_GC_INTERVAL_MS: String(24 * 3_600_000),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.once('exit', r));
  await waitFor(async () => out.includes('listening on') || child.exitCode !== null, 120_000, 'listening');
  if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
  return { child, port, out: () => out, exited };
}

export async function api<T>(s: Server, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${s.port}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

async function session(s: Server) {
  const { token } = await api<{ token: string }>(s, '/api/auth/login', undefined, {
    username: 'demo-user',
    password: PASSWORD,
  });
  const info = await api<{ data: { default_project: { id: number } } }>(s, '/api/user/information', token);
  return { token, projectId: info.data.default_project.id };
}

/** Sends a multipart upload over a real socket; resolves with the status (or null when the server died). */
function upload(
  s: Server,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
  uploadId: string,
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolvePromise) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path: `/api/v2/datasets/upload?upload_id=${uploadId}`,
        headers: {
          ...body.headers,
          'content-length': body.payload.length,
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolvePromise(null));
      },
    );
    req.on('error', () => resolvePromise(null));
    // Written in chunks, as a browser would stream it.
    for (let i = 0; i < body.payload.length; i += 256 * 1024)
      req.write(body.payload.subarray(i, i + 256 * 1024));
    req.end();
  });
}

export interface KillScenario {
  images: number;
  size: number;
  /** Kill once this many images are stored. */
  killAfter: number;
  /** Storage env for the server (S3_*), empty for local disk. */
  env: Record<string, string>;
  /** How the test reads the same storage. */
  storage: (dataDir: string) => Storage;
}

async function keysOf(storage: Storage, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const k of storage.list(prefix)) out.push(k);
  return out.sort();
}

export async function runUploadKill(sc: KillScenario) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sl-upload-kill-'));
  const running: ChildProcess[] = [];
  const tdb = await createTestDatabase();
  const storage = sc.storage(dataDir);
  const rows = async () =>
    (await tdb.database.pool.query<{ id: string }>('SELECT id FROM dataset_images')).rows.map((r) => r.id);
  const journalRows = async () =>
    Number((await tdb.database.pool.query('SELECT count(*) AS n FROM ingest_uploads')).rows[0].n) +
    Number((await tdb.database.pool.query('SELECT count(*) AS n FROM ingest_objects')).rows[0].n);
  // The storage tree must be exactly what the rows own: original + thumbnail per image.
  const expectTreeEqualsRows = async () => {
    const ids = await rows();
    const expected = ids.flatMap((id) => [`images/${id}/original`, `images/${id}/thumb.webp`]).sort();
    expect(await keysOf(storage, 'images/')).toEqual(expected);
    return ids.length;
  };
  const spoolDir = join(dataDir, 'tmp', 'uploads');
  const tmpDir = join(dataDir, 'storage', '.tmp');
  const env = { DATABASE_URL: tdb.url, ...sc.env };
  try {
    const first = await start(env, dataDir, running);
    const { token, projectId } = await session(first);

    // A committed upload first: it must survive the kill and the cleanup untouched.
    const kept = await zip(
      await Promise.all(
        Array.from({ length: 5 }, async (_, i) => ({
          name: `ok/k${i}.png`,
          data: await noisyPng(900_000 + i, 32),
        })),
      ),
    );
    const keptRes = await upload(
      first,
      token,
      multipart({ project_id: projectId, name: 'kept', type: 'cf' }, [{ name: 'kept.zip', data: kept }]),
      randomUUID(),
    );
    expect(keptRes?.status, keptRes?.body).toBe(201);
    expect(await expectTreeEqualsRows()).toBe(5);

    const items = await Promise.all(
      Array.from({ length: sc.images }, async (_, i) => ({
        name: `${i % 2 ? 'ok' : 'ng'}/img${i}.png`,
        data: await noisyPng(i, sc.size),
        store: true,
      })),
    );
    const big = await zip(items);
    const uploadId = randomUUID();
    const pending = upload(
      first,
      token,
      multipart({ project_id: projectId, name: 'killed', type: 'cf' }, [{ name: 'big.zip', data: big }]),
      uploadId,
    );
    const progressAt = await waitFor(
      async () => {
        const p = await api<{ data?: { phase: string; processed: number; total: number } }>(
          first,
          `/api/v2/datasets/upload/${uploadId}/progress`,
          token,
        );
        return p.data?.phase === 'storing' && p.data.processed >= sc.killAfter ? p.data : null;
      },
      120_000,
      `${sc.killAfter} images stored`,
    );
    const pid = first.child.pid!;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await pending).toBeNull();
    console.log(
      `[upload-kill ${storage.kind}] killed at ${progressAt.processed}/${progressAt.total} images (${(big.length / 1e6).toFixed(1)} MB zip)`,
    );

    // What the kill left: objects without rows, the spool folder, journal rows. On local disk a
    // half-written temp file of the killed process is planted as well (a kill may miss every write).
    expect(await rows()).toHaveLength(5);
    const orphans = (await keysOf(storage, 'images/')).length - 10;
    expect(orphans, 'objects the killed upload had written').toBeGreaterThan(0);
    expect(readdirSync(spoolDir).length, 'the killed upload spool').toBeGreaterThan(0);
    expect(await journalRows()).toBeGreaterThan(0);
    if (storage.kind === 'local') {
      mkdirSync(tmpDir, { recursive: true });
      writeFileSync(join(tmpDir, `${hostTag()}-${pid}-${randomUUID()}`), '');
    }

    const second = await start(env, dataDir, running);
    expect(second.out()).toMatch(/removed after an unclean stop: 1 uncommitted upload\(s\)/);
    console.log(
      `[upload-kill ${storage.kind}] ${orphans} orphan objects before restart; ${/removed after[^\n]*/.exec(second.out())![0]}`,
    );
    expect(await expectTreeEqualsRows()).toBe(5);
    expect(readdirSync(spoolDir)).toEqual([]);
    if (existsSync(tmpDir)) expect(readdirSync(tmpDir)).toEqual([]);
    expect(await journalRows()).toBe(0);

    // The product works on after the recovery: the same upload goes through, tree and rows still agree.
    const again = await session(second);
    const small = await zip(items.slice(0, 40));
    const res = await upload(
      second,
      again.token,
      multipart({ project_id: again.projectId, name: 'retried', type: 'cf' }, [
        { name: 'small.zip', data: small },
      ]),
      randomUUID(),
    );
    expect(res?.status, res?.body).toBe(201);
    expect(await expectTreeEqualsRows()).toBe(45);
    expect(await journalRows()).toBe(0);
    second.child.kill('SIGTERM');
    await second.exited;
  } finally {
    for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await tdb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
