// Supervises the embedded PostgreSQL the server started (no DATABASE_URL). Every CHECK_MS it looks at
// the postmaster named in postmaster.pid; when that process is gone (killed, crashed) it restarts the
// cluster on the same port (startEmbeddedPostgres clears the stale pid file; PostgreSQL replays its
// WAL, so every committed row is kept), trying again with backoff. The pools, pg-boss and the workers
// reconnect on their own once the port answers again. When every attempt fails it gives up
// (`onGiveUp`): main.ts then exits non-zero so a service manager restarts the whole server.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPg } from '@sightline/db/embedded';

export const RESTART_BACKOFF_MS = [250, 1000, 2000, 4000, 8000, 15000];

export interface PostgresSupervisorOptions {
  baseDir: string;
  databases: string[];
  log: (m: string) => void;
  checkMs?: number;
  backoffMs?: readonly number[];
  /** Starts the cluster (tests replace it). */
  start?: typeof startEmbeddedPostgres;
}

export interface PostgresWatch {
  /** The postmaster is gone; a restart begins. */
  onDown?: () => void;
  /** Serving again after a restart. */
  onUp?: () => void;
  /** Every restart attempt failed. */
  onGiveUp: (err: Error) => void;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class PostgresSupervisor {
  private timer: NodeJS.Timeout | null = null;
  private restarting: Promise<void> | null = null;
  private stopped = false;
  restarts = 0;

  private constructor(
    private epg: EmbeddedPg,
    private readonly opts: PostgresSupervisorOptions,
  ) {}

  static async start(opts: PostgresSupervisorOptions): Promise<PostgresSupervisor> {
    const start = opts.start ?? startEmbeddedPostgres;
    const epg = await start({ baseDir: opts.baseDir, databases: opts.databases, log: opts.log });
    return new PostgresSupervisor(epg, opts);
  }

  get port(): number {
    return this.epg.port;
  }

  url(database: string): string {
    return this.epg.url(database);
  }

  /** The postmaster's pid from postmaster.pid, or null when the file is missing or unreadable. */
  postmasterPid(): number | null {
    const file = join(this.opts.baseDir, 'pg', 'postmaster.pid');
    if (!existsSync(file)) return null;
    try {
      return Number(readFileSync(file, 'utf8').split('\n')[0]) || null;
    } catch {
      return null;
    }
  }

  isRunning(): boolean {
    const pid = this.postmasterPid();
    return pid !== null && alive(pid);
  }

  watch(w: PostgresWatch): void {
    const tick = () => {
      this.timer = null;
      if (this.stopped) return;
      if (!this.restarting && !this.isRunning()) {
        this.restarting = this.restart(w).finally(() => (this.restarting = null));
      }
      this.timer = setTimeout(tick, this.opts.checkMs ?? 1000);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, this.opts.checkMs ?? 1000);
    this.timer.unref();
  }

  private async restart(w: PostgresWatch): Promise<void> {
    const port = this.epg.port;
    this.opts.log(`PostgreSQL is not running; restarting it on port ${port}`);
    w.onDown?.();
    const start = this.opts.start ?? startEmbeddedPostgres;
    let last: Error = new Error('no attempt');
    for (const [i, delay] of (this.opts.backoffMs ?? RESTART_BACKOFF_MS).entries()) {
      await new Promise((r) => setTimeout(r, delay));
      if (this.stopped) return;
      try {
        const epg = await start({
          baseDir: this.opts.baseDir,
          databases: this.opts.databases,
          log: this.opts.log,
        });
        if (epg.port !== port) {
          // The pools point at the old port: a cluster elsewhere is of no use.
          await epg.stop().catch(() => undefined);
          throw new Error(`port ${port} is taken`);
        }
        this.epg = epg;
        this.restarts++;
        this.opts.log(`PostgreSQL restarted (attempt ${i + 1})`);
        w.onUp?.();
        return;
      } catch (err) {
        last = err instanceof Error ? err : new Error(String(err));
        this.opts.log(`PostgreSQL restart attempt ${i + 1} failed: ${last.message}`);
      }
    }
    this.stopped = true;
    w.onGiveUp(last);
  }

  /** Stops watching and stops PostgreSQL (at once when it is not running). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.restarting;
    if (this.isRunning()) await this.epg.stop();
  }
}
