// The parent side of the prediction-image drawer (prediction-drawer.ts): one child process per server,
// started on the first drawing, started again after it dies. Built, it is dist/prediction-drawer.js
// beside the server bundle; from source (tests, `npm run dev`) the TypeScript entry runs through tsx.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DrawAnswer, DrawMessage } from './prediction-drawer';
import type { DrawnVerdict } from './prediction-image';

export interface DrawerEntry {
  path: string;
  execArgv: string[];
}

/** Where the drawer's entry is, or null to draw in the server process (SIGHTLINE_DRAWER=0). */
export function drawerEntry(): DrawerEntry | null {
  if (process.env.SIGHTLINE_DRAWER === '0') return null;
  const js = fileURLToPath(new URL('./prediction-drawer.js', import.meta.url));
  if (existsSync(js)) return { path: js, execArgv: [] };
  const ts = fileURLToPath(new URL('./prediction-drawer.ts', import.meta.url));
  if (existsSync(ts)) return { path: ts, execArgv: ['--import', 'tsx'] };
  return null;
}

export class DrawerProcess {
  private child: ChildProcess | null = null;
  private readonly waiting = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
  private next = 1;

  constructor(private readonly entry: DrawerEntry) {}

  draw(original: Buffer, verdict: DrawnVerdict): Promise<Buffer> {
    const child = this.child ?? this.spawn();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const m: DrawMessage = { id, original, verdict };
      child.send(m, (err) => {
        if (!err) return;
        this.waiting.delete(id);
        reject(err);
      });
    });
  }

  /** The child's pid while it runs (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private spawn(): ChildProcess {
    // Explicit execArgv: the server's own flags (--cpu-prof, --require …) are not the drawer's. No
    // inherited output: a drawer outliving a killed server must not hold its log pipes open (errors come
    // back as answers, an unexpected exit is logged below).
    const child = fork(this.entry.path, [], {
      execArgv: this.entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    child.on('message', (a: DrawAnswer) => {
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if ('error' in a) w.reject(new Error(a.error));
      else w.resolve(Buffer.from(a.jpeg.buffer, a.jpeg.byteOffset, a.jpeg.byteLength));
    });
    const gone = (why: unknown) => {
      if (this.child === child) {
        this.child = null;
        console.error(`[sightline] prediction drawer stopped (${String(why)}); started again when needed`);
      }
      for (const w of this.waiting.values()) w.reject(new Error('the prediction drawer exited'));
      this.waiting.clear();
    };
    child.on('exit', (code, signal) => gone(signal ?? `exit ${code}`));
    child.on('error', (e) => gone(e.message));
    // Background work: a server that is stopping does not wait for it (what is not drawn is drawn on view).
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
  }
}
