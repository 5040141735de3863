// The built product for benches that drive it from outside: rebuilds dist (node scripts/build.mjs) when a
// source is newer, starts apps/server/dist/main.js with its own temp DATA_DIR (embedded PostgreSQL), port
// and workers, logs in over the REST API, and stops it (SIGTERM, then SIGKILL) with its data removed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_JS = join(ROOT, 'apps/server/dist/main.js');
export const WORKER_JS = join(ROOT, 'apps/worker/dist/main.js');
export const DEMO_USER = 'demo-user';

const SOURCE_DIRS = [
  'apps/server/src',
  'apps/worker/src',
  'packages/domain/src',
  'packages/db/src',
  'packages/db/migrations',
  'packages/storage/src',
  'packages/jobs/src',
  'packages/vision/src',
];

function newestSource(): { path: string; mtime: number } {
  let best = { path: '', mtime: 0 };
  for (const rel of SOURCE_DIRS) {
    const dir = join(ROOT, rel);
    if (!existsSync(dir)) continue;
    for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !/\.(ts|sql)$/.test(e.name) || /\.test\.ts$/.test(e.name)) continue;
      const p = join(e.parentPath, e.name);
      const t = statSync(p).mtimeMs;
      if (t > best.mtime) best = { path: p, mtime: t };
    }
  }
  return best;
}

/** Runs `node scripts/build.mjs` when the server or worker bundle is missing or older than a source file. */
export function ensureBuilt(log: (m: string) => void, opts: { skip?: boolean } = {}): { rebuilt: boolean } {
  const built = [SERVER_JS, WORKER_JS].map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0));
  const oldest = Math.min(...built);
  const src = newestSource();
  if (oldest > 0 && (opts.skip || src.mtime <= oldest)) {
    if (opts.skip && src.mtime > oldest)
      log(`dist is older than ${src.path}; --no-build given, using it anyway`);
    return { rebuilt: false };
  }
  log(
    oldest === 0
      ? 'no dist yet: node scripts/build.mjs…'
      : `dist is stale (${src.path}): node scripts/build.mjs…`,
  );
  const r = spawnSync('nice', ['-n', '10', process.execPath, 'scripts/build.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // build.mjs prints to stdout; keep the bench's stdout for its JSON line only.
  if (r.status !== 0) throw new Error(`node scripts/build.mjs failed (exit ${r.status})`);
  return { rebuilt: true };
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface Product {
  base: string;
  port: number;
  work: string;
  dataDir: string;
  child: ChildProcess;
  demoPassword: string;
  /** postgres:// URL of the product's embedded database. */
  databaseUrl(): Promise<string>;
  stop(): Promise<void>;
}

export interface StartOptions {
  workers: number;
  env?: Record<string, string>;
  log: (m: string) => void;
  /** Prefix of the server's stderr lines copied to our stderr (empty: not copied). */
  tag?: string;
}

/** Starts the built server on a free loopback port with a fresh DATA_DIR; resolves once /api/health answers.
 * A port taken between the probe and the listen (the embedded PostgreSQL also picks one) is retried. */
export async function startProduct(o: StartOptions): Promise<Product> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(o);
    } catch (err) {
      if (attempt >= 3 || !(err as Error).message.includes('EADDRINUSE')) throw err;
      o.log('port taken meanwhile; starting again on another one');
    }
  }
}

async function startOnce(o: StartOptions): Promise<Product> {
  const work = await mkdtemp(join(tmpdir(), 'sightline-bench-'));
  // The embedded PostgreSQL runs as the postgres user, which must reach DATA_DIR inside.
  await chmod(work, 0o755);
  const dataDir = join(work, 'data');
  const port = await freePort();
  const demoPassword = 'Bench-demo-123!';
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under load;
  // node refuses --cpu-prof in NODE_OPTIONS. BENCH_SERVER_STDOUT=FILE keeps the server's stdout (where V8's
  // --trace-gc writes).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_JS], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(o.workers),
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: 'Bench-admin-123!',
      SEED_DEMO: '1',
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: 'warn',
      // Long enough for a whole run with one login.
      ACCESS_TOKEN_TTL_SEC: '14400',
      WEB_DIST: join(work, 'no-web'),
      ...o.env,
    },
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'w') : 'ignore',
      'pipe',
    ],
  });
  let stderrTail = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderrTail = (stderrTail + d).slice(-2000);
    if (o.tag) process.stderr.write(`[${o.tag}] ${d}`);
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r(null);
        }, 30_000);
        child.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
    }
    await rm(work, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`server exited with ${child.exitCode}: ${stderrTail.slice(-300)}`);
      if (Date.now() > deadline) throw new Error('server did not become healthy in 180 s');
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 300));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  o.log(`server up at ${base} (DATA_DIR ${dataDir}, WORKERS=${o.workers})`);
  return {
    base,
    port,
    work,
    dataDir,
    child,
    demoPassword,
    async databaseUrl() {
      const pgPort = (await readFile(join(dataDir, 'pg-port'), 'utf8')).trim();
      const pgPassword = (await readFile(join(dataDir, 'pg-password'), 'utf8')).trim();
      return `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/sightline`;
    },
    stop,
  };
}

/** A bearer token of `username`. */
export async function login(base: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!r.ok) throw new Error(`login ${username} failed: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}

/** JSON of an authenticated request; throws with the body on a non-2xx answer. */
export async function api<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
export const load = () => loadavg().map((x) => round(x, 2));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads `--name value` / `--name=value` flags. */
export function flag(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === `--${name}`) return args[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

/** CPU seconds (user + system) a process has used, from /proc; with `children`, also its reaped children's. */
function procCpu(pid: number, children: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the ")" that closes the command name: 14-17 are utime, stime, cutime, cstime.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by the server process and by the product's PostgreSQL (postmaster, its live
 * backends and the ones it has reaped). On a shared, loaded machine latency mostly measures the
 * neighbours; CPU per request measures the product. */
export function productCpu(p: Product): { server: number; postgres: number } {
  const server = p.child.pid ? procCpu(p.child.pid, false) : 0;
  let postgres = 0;
  try {
    const pmPid = Number(readFileSync(join(p.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    postgres = procCpu(pmPid, true);
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === pmPid) postgres += procCpu(Number(d), false);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // no embedded PostgreSQL (DATABASE_URL)
  }
  return { server: round(server, 2), postgres: round(postgres, 2) };
}
