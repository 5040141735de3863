// Spawns WORKERS worker processes and restarts a crashed one with exponential backoff. Every exit is
// reported at once (`onExit`): main.ts records a clean one (code 0) as a stop and any other as a loss
// whose jobs are handed back immediately, instead of waiting for the heartbeat to go stale.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function defaultWorkerEntry(configured?: string): string {
  if (configured) return configured;
  // Bundled: apps/server/dist/main.js → apps/worker/dist/main.js. From sources: apps/server/src/runtime.
  const here = dirname(fileURLToPath(import.meta.url));
  for (const rel of ['../../worker/dist/main.js', '../../../worker/dist/main.js']) {
    const p = resolve(here, rel);
    if (existsSync(p)) return p;
  }
  return resolve(process.cwd(), 'apps/worker/dist/main.js');
}

interface Slot {
  index: number;
  child: ChildProcess | null;
  restarts: number;
  startedAt: number;
  timer: NodeJS.Timeout | null;
}

export type WorkerExitHandler = (pid: number, clean: boolean) => Promise<unknown> | void;

export class WorkerSupervisor {
  private readonly slots: Slot[] = [];
  private stopping = false;
  private readonly reports = new Set<Promise<unknown>>();

  constructor(
    private readonly count: number,
    private readonly env: Record<string, string | undefined>,
    private readonly entry = defaultWorkerEntry(),
    private readonly log: (m: string) => void = console.log,
    private readonly onExit: WorkerExitHandler = () => undefined,
  ) {}

  /** Live worker processes right now (not the heartbeat's view). */
  alive(): number {
    return this.slots.filter((s) => s.child !== null).length;
  }

  start() {
    if (this.count > 0 && !existsSync(this.entry)) {
      this.log(
        `worker entry ${this.entry} not found: run 'node scripts/build.mjs' (jobs will wait in the queue)`,
      );
      return;
    }
    for (let i = 0; i < this.count; i++) {
      const slot: Slot = { index: i, child: null, restarts: 0, startedAt: 0, timer: null };
      this.slots.push(slot);
      this.spawn(slot);
    }
  }

  pids(): number[] {
    return this.slots.map((s) => s.child?.pid).filter((p): p is number => !!p);
  }

  private spawn(slot: Slot) {
    slot.startedAt = Date.now();
    // SIGHTLINE_WORKER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the workers in a bench.
    const nodeArgs = (this.env.SIGHTLINE_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, this.entry], {
      env: this.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    slot.child = child;
    child.on('exit', (code, signal) => {
      slot.child = null;
      if (child.pid) this.report(child.pid, code === 0);
      if (this.stopping) return;
      // A worker that ran a while before crashing starts over at the short delay.
      if (Date.now() - slot.startedAt > 60_000) slot.restarts = 0;
      const delay = Math.min(30_000, 1000 * 2 ** slot.restarts);
      slot.restarts++;
      this.log(`worker ${slot.index} exited (${signal ?? code}); restarting in ${delay} ms`);
      slot.timer = setTimeout(() => this.spawn(slot), delay);
    });
  }

  private report(pid: number, clean: boolean) {
    const p = Promise.resolve()
      .then(() => this.onExit(pid, clean))
      .catch((e: unknown) => this.log(`worker ${pid} exit not recorded: ${(e as Error).message}`))
      .finally(() => this.reports.delete(p));
    this.reports.add(p);
  }

  /** SIGTERM to every worker, then wait (SIGKILL after timeoutMs) and for their exits to be recorded. */
  async stop(timeoutMs = 20_000): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        const child = slot.child;
        if (!child || child.exitCode !== null) return;
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }),
    );
    await Promise.all([...this.reports]);
  }
}
