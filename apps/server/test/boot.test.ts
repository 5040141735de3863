// The real server process (src/main.ts through tsx) on a fresh DATA_DIR: first start seeds and
// spawns a worker; a restart keeps every row; SIGTERM stops everything; a stale postmaster.pid
// left by a SIGKILLed PostgreSQL does not block the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@sightline/db/embedded';
import { waitFor } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../src/main.ts');
const WORKER = resolve(here, '../../worker/src/main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'sightline-boot-'));
const running: ChildProcess[] = [];

interface Server {
  child: ChildProcess;
  port: number;
  out(): string;
  exited: Promise<number | null>;
}

async function start(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WORKERS: '1',
      WORKER_ENTRY: WORKER,
      NODE_OPTIONS: '--import tsx',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'Demo-pass-2024',
      ADMIN_PASSWORD: 'Admin-pass-2024',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  await waitFor(
    async () => out.includes('listening on') || child.exitCode !== null,
    90_000,
    'server listening',
  );
  if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
  return { child, port, out: () => out, exited };
}

const get = async (s: Server, path: string, token?: string) => {
  const res = await fetch(`http://127.0.0.1:${s.port}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON for assertions
  return { status: res.status, body: (await res.json()) as any };
};

const login = async (s: Server, username: string, password: string) => {
  const res = await fetch(`http://127.0.0.1:${s.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { token: string }).token;
};

async function stop(s: Server) {
  s.child.kill('SIGTERM');
  return s.exited;
}

afterAll(async () => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // An orphaned PostgreSQL from a failed run would keep the folder busy.
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
    } catch {
      /* already gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server process lifecycle', () => {
  it(
    'starts, seeds once, restarts with the same data, stops cleanly, survives a stale postmaster.pid',
    { timeout: 300_000 },
    async () => {
      const first = await start();
      expect(first.out()).toMatch(/created system admin 'admin' with ADMIN_PASSWORD/);
      expect(first.out()).toMatch(/created demo accounts/);
      const health = await waitFor(
        async () => {
          const h = (await get(first, '/api/health')).body;
          return h.status === 'ok' ? h : null;
        },
        60_000,
        'healthy with its worker',
      );
      expect(health.workers).toMatchObject({ alive: 1, expected: 1 });
      // A crashed worker is restarted by the server (and its heartbeat row reaped as lost).
      // Health counts the worker from its first heartbeat; it logs "ready" once its queues have started.
      const ready = await waitFor(
        async () => /\[worker (\d+)\] ready/.exec(first.out()),
        60_000,
        'worker ready',
      );
      const workerPid = Number(ready[1]);
      process.kill(workerPid, 'SIGKILL');
      await waitFor(
        async () => /worker 0 exited \(SIGKILL\); restarting/.test(first.out()),
        20_000,
        'supervisor restart',
      );
      await waitFor(
        async () => (first.out().match(/\[worker \d+\] ready/g) ?? []).length === 2,
        60_000,
        'replacement worker ready',
      );
      await waitFor(
        async () => (await get(first, '/api/health')).body.status === 'ok',
        30_000,
        'healthy again',
      );
      const token = await login(first, 'demo-user', 'Demo-pass-2024');
      const info = await get(first, '/api/user/information', token);
      expect(info.body.data.default_project.code).toBe('DEMO-0001');
      const secret = readFileSync(join(dataDir, 'secret'), 'utf8');
      expect(await stop(first)).toBe(0);
      expect(first.out()).toMatch(/\[sightline\] stopped/);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      const second = await start();
      expect(second.out()).not.toMatch(/created /);
      expect(readFileSync(join(dataDir, 'secret'), 'utf8')).toBe(secret);
      // The access token signed before the restart is still valid: same secret, same rows.
      expect((await get(second, '/api/user/information', token)).body.data.username).toBe('demo-user');
      // PostgreSQL dies hard: the server cannot stop it cleanly, and postmaster.pid stays behind.
      const pgPid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pgPid, 'SIGKILL');
      await waitFor(async () => (await get(second, '/api/health')).status === 503, 20_000, 'health notices');
      second.child.kill('SIGKILL');
      await second.exited;
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

      const third = await start();
      expect(third.out()).toMatch(/removing stale .*postmaster\.pid|stopping orphaned PostgreSQL/);
      const again = await login(third, 'demo-trial', 'Demo-pass-2024');
      expect((await get(third, '/api/user/information', again)).body.data.trial).toBe(true);
      expect(await stop(third)).toBe(0);
    },
  );
});
