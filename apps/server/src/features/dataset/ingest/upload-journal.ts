// One upload's side of the ingest journal (packages/db IngestJournalRepository). Image ids are handed
// out only after they are journaled, so every object the upload writes (images/<id>/…) is known to the
// database before it exists. The upload's transaction commits its inserted ids (commit), and whatever
// is still journaled afterwards is deleted here or, if this process dies first, by the next start-up.
import { randomUUID } from 'node:crypto';
import type { IngestJournalRepository } from '@sightline/db';
import { processTag, type Storage } from '@sightline/storage';

const BATCH = 64;
const TOUCH_MS = 60_000;

type Q = Parameters<IngestJournalRepository['commit']>[0];

export class UploadJournal {
  readonly id = randomUUID();
  private opened = false;
  private free: string[] = [];
  private refill: Promise<void> | null = null;
  private handedOut = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: IngestJournalRepository,
    private readonly storage: Storage,
    /** How many ids the upload will need at most (the planned images). */
    private readonly expected: number,
  ) {}

  async open(): Promise<void> {
    await this.repo.open(this.id, processTag());
    this.opened = true;
    // A long stretch without a new batch (a large image, slow storage) must not look abandoned.
    this.timer = setInterval(() => void this.repo.touch(this.id).catch(() => undefined), TOUCH_MS);
    this.timer.unref();
  }

  /** A fresh image id, journaled before it is returned. */
  async nextId(): Promise<string> {
    if (!this.opened) throw new Error('upload journal not open');
    while (!this.free.length) {
      this.refill ??= this.reserve().finally(() => (this.refill = null));
      await this.refill;
    }
    this.handedOut++;
    return this.free.pop()!;
  }

  private async reserve() {
    const n = Math.max(1, Math.min(BATCH, this.expected - this.handedOut - this.free.length));
    const ids = Array.from({ length: n }, () => randomUUID());
    await this.repo.reserve(this.id, ids);
    this.free.push(...ids);
  }

  /** In the rows' transaction: these images now own their objects. */
  async commit(q: Q, imageIds: Iterable<string>): Promise<void> {
    await this.repo.commit(q, [...imageIds]);
  }

  /**
   * After the transaction (committed or not): deletes the objects of every id still journaled, then the
   * journal. Only ids the database still lists are touched, so an object whose row committed is never
   * deleted, even when the commit's answer was lost. If anything fails, the journal stays for recovery.
   */
  async finish(
    written: readonly string[],
    opts: { committed: 'no' | 'maybe' } = { committed: 'maybe' },
  ): Promise<void> {
    this.stop();
    if (!this.opened || opts.committed === 'no') {
      // Failed before the rows' transaction began: nothing of it can be committed, so no database is
      // needed to decide (it may be the very thing that failed); the journal goes if it still can.
      await this.storage.deleteMany(written).catch(() => undefined);
      if (this.opened) await this.repo.close(this.id).catch(() => undefined);
      return;
    }
    try {
      const idOf = (key: string) => key.split('/')[1] ?? '';
      const ids = [...new Set(written.map(idOf))];
      const pending = new Set<string>();
      for (let i = 0; i < ids.length; i += 5000)
        for (const id of await this.repo.journaled(ids.slice(i, i + 5000))) pending.add(id);
      await this.storage.deleteMany(written.filter((k) => pending.has(idOf(k))));
      await this.repo.close(this.id);
    } catch {
      // Left for the next start-up or the storage GC (recoverUploads).
    }
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
