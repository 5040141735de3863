// Prediction images are drawn after the answer, off the request path: a bounded queue, one at a time,
// only in quiet moments (no inspection request in progress for IDLE_MS), in a child process at the lowest
// CPU priority (drawer-process.ts; SIGHTLINE_DRAWER=0 draws in this process). Drawing costs several times
// a network run of a small model: on a busy line it would take the cores the answers need. The image is a
// function of the original and the stored verdict, so one still missing (queue full under sustained load,
// process gone) is drawn on its first view instead (ensure), at normal priority, and stored then.
import type { InspectionRowDb } from '@sightline/db';
import { readBuffer, type Storage } from '@sightline/storage';
import { DrawerProcess, drawerEntry } from './drawer-process';
import { predictionImage } from './prediction-image';

const MAX_PENDING = 500;
/** Quiet time after the last request before a drawing starts. Drawn in every short gap of a line running
 * at two thirds of the server's capacity, in this process, drawings took the cores the answers needed
 * (p50 latency 0.55-1 s at 184 images/s against 65 ms without drawing, npm run bench -- inspection). A
 * drawing does not stop when a request comes in, which is why it runs at nice 19: started in a gap, it
 * then only gets the CPU the answers leave. A line that never pauses this long gets its prediction images
 * drawn on first view. */
const IDLE_MS = 25;
type Row = Pick<
  InspectionRowDb,
  'judgement' | 'className' | 'score' | 'result' | 'predictionKey' | 'originalKey'
>;

export class PredictionRenderer {
  private queue: { row: Row; original: Buffer }[] = [];
  private running = false;
  /** Inspection requests in progress: drawing waits until there are none. */
  private holds = 0;
  private lastRelease = 0;
  private wake: (() => void) | null = null;

  constructor(
    private readonly storage: Storage,
    /** The low-priority drawer process (null: draw in this process). */
    private readonly drawer: DrawerProcess | null = newDrawer(),
  ) {}

  /** Draws the prediction image soon (dropped when the queue is full: drawn on first view then). */
  later(row: Row, original: Buffer): void {
    if (this.queue.length >= MAX_PENDING) return;
    this.queue.push({ row, original });
    if (!this.running) {
      this.running = true;
      setImmediate(() => void this.drain());
    }
  }

  /** An inspection request starts: drawing pauses until every such request has called the release. */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.lastRelease = performance.now();
      if (--this.holds === 0 && this.wake) {
        const w = this.wake;
        this.wake = null;
        w();
      }
    };
  }

  private async drain() {
    try {
      while (this.queue.length) {
        if (this.holds > 0) {
          await new Promise<void>((r) => (this.wake = r));
          continue;
        }
        const quiet = performance.now() - this.lastRelease;
        if (quiet < IDLE_MS) {
          await new Promise((r) => setTimeout(r, IDLE_MS - quiet));
          continue;
        }
        const { row, original } = this.queue.shift()!;
        await this.draw(row, original).catch(() => undefined);
      }
    } finally {
      this.running = false;
    }
  }

  private async draw(row: Row, original: Buffer): Promise<void> {
    const jpeg = this.drawer ? await this.drawer.draw(original, row) : await predictionImage(original, row);
    await this.store(row, jpeg);
  }

  private store(row: Row, jpeg: Buffer) {
    return this.storage.put(row.predictionKey, jpeg, { contentType: 'image/jpeg' });
  }

  /** The stored prediction image, drawn now if it is not there yet (someone waits: at normal priority). */
  async ensure(row: Row) {
    const stored = await this.storage.get(row.predictionKey);
    if (stored) return stored;
    const original = await readBuffer(this.storage, row.originalKey);
    if (!original) return null;
    await this.store(row, await predictionImage(original, row));
    return this.storage.get(row.predictionKey);
  }

  /** Waits until the queue is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running || this.queue.length) await new Promise((r) => setTimeout(r, 10));
  }

  /** App close: what is still queued is dropped (drawn on first view), the drawer process stopped. */
  async close(): Promise<void> {
    this.queue = [];
    await this.drawer?.close();
  }
}

function newDrawer(): DrawerProcess | null {
  const entry = drawerEntry();
  return entry ? new DrawerProcess(entry) : null;
}
