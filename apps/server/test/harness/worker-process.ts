// Spawns a real worker process (apps/worker/src/main.ts through tsx) against a test database.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { WorkerReaper } from '@sightline/jobs';

const here = dirname(fileURLToPath(import.meta.url));
const WORKER_MAIN = resolve(here, '../../../worker/src/main.ts');

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once the worker printed "ready"; rejects if it exits first. */
  ready(timeoutMs?: number): Promise<void>;
  exited(): Promise<number | null>;
}

export function spawnWorker(databaseUrl: string, env: Record<string, string> = {}): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl, WORKER_HEARTBEAT_MS: '500', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    output: () => out,
    exited: () => exit,
    ready: (timeoutMs = 30_000) =>
      new Promise((resolveP, reject) => {
        const started = Date.now();
        const tick = setInterval(() => {
          if (/\bready\b/.test(out)) {
            clearInterval(tick);
            resolveP();
          } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
            clearInterval(tick);
            reject(new Error(`worker did not become ready:\n${out}`));
          }
        }, 50);
      }),
  };
}

/**
 * The workers a test file spawns (through `spawn`) and the reaper it may start (`reaper`), stopped after
 * the file: the reaper first, then every worker still running gets SIGTERM and is waited for.
 */
export function workersStoppedAfterAll() {
  const spawned: WorkerProcess[] = [];
  const pool = {
    reaper: null as WorkerReaper | null,
    spawn(databaseUrl: string, env: Record<string, string> = {}): WorkerProcess {
      const w = spawnWorker(databaseUrl, env);
      spawned.push(w);
      return w;
    },
  };
  afterAll(async () => {
    pool.reaper?.stop();
    for (const w of spawned) {
      if (w.child.exitCode === null && w.child.signalCode === null) {
        w.child.kill('SIGTERM');
        await w.exited();
      }
    }
  });
  return pool;
}

/** Polls fn until it returns a truthy value (or throws after timeoutMs). */
export async function waitFor<T>(
  fn: () => Promise<T>,
  timeoutMs = 20_000,
  label = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
      last = v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `timed out waiting for ${label} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
  );
}
