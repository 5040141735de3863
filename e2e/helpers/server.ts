// Starts the BUILT server (node apps/server/dist/main.js) with a fresh DATA_DIR and waits for health.
// Used by global setup (port 8090) and by specs that need their own instance (cloud theme on 8091).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './credentials';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** The embedded PostgreSQL URL the server printed (for specs that must read the DB directly). */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  port: number;
  productName?: 'onprem' | 'telecom' | 'cloud';
  env?: Record<string, string>;
  timeoutMs?: number;
}

export async function startServer({
  port,
  productName = 'onprem',
  env = {},
  timeoutMs = 180_000,
}: StartOptions): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `sightline-e2e-${port}-`));
  // mkdtemp makes it 0700; embedded PostgreSQL runs as the `postgres` user when we are root.
  chmodSync(dataDir, 0o755);
  const logFile = join(dataDir, 'server.log');
  let log = '';
  const child: ChildProcess = spawn('node', ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      SEED_DEMO: 'true',
      WORKERS: '1',
      PRODUCT_NAME: productName,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (b: Buffer) => {
    log += b.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const done = await Promise.race([
        new Promise<boolean>((r) => child.once('exit', () => r(true))),
        new Promise<boolean>((r) => setTimeout(() => r(false), 20_000)),
      ]);
      if (!done) child.kill('SIGKILL');
    }
    writeFileSync(logFile, log);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`server on ${port} exited during start-up:\n${log}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (Date.now() >= deadline) {
    await stop();
    throw new Error(`server on ${port} did not become healthy in ${timeoutMs} ms:\n${log}`);
  }
  return { baseURL, dataDir, databaseUrl: env.DATABASE_URL ?? embeddedDatabaseUrl(dataDir), stop };
}

/** The embedded cluster keeps its port and password in DATA_DIR (apps/server/src/db/embedded-pg.ts). */
function embeddedDatabaseUrl(dataDir: string): string | null {
  const pw = join(dataDir, 'pg-password');
  const port = join(dataDir, 'pg-port');
  if (!existsSync(pw) || !existsSync(port)) return null;
  const password = encodeURIComponent(readFileSync(pw, 'utf8').trim());
  return `postgres://postgres:${password}@127.0.0.1:${readFileSync(port, 'utf8').trim()}/sightline`;
}
