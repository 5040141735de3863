// What the inspection API reads on every request, kept briefly in memory (a revoked key or a new
// deployment takes effect within TTL_MS), and inserts of concurrent requests gathered into one statement.
import type { InspectionRowDb } from '@sightline/db';
import type { MonitoringRepository, NewInspection } from './monitoring.repository';

export const TTL_MS = 1000;

/** A value per key, loaded at most once per TTL_MS (concurrent callers share the load). */
export class Ttl<K, V> {
  private readonly m = new Map<K, { at: number; v: Promise<V> }>();
  constructor(
    private readonly load: (k: K) => Promise<V>,
    private readonly ttl = TTL_MS,
  ) {}

  get(k: K): Promise<V> {
    const now = Date.now();
    const hit = this.m.get(k);
    if (hit && now - hit.at < this.ttl) return hit.v;
    if (this.m.size > 10_000) this.m.clear();
    const v = this.load(k);
    this.m.set(k, { at: now, v });
    v.catch(() => this.m.delete(k));
    return v;
  }

  clear() {
    this.m.clear();
  }
}

/** Rows of requests arriving together go in one INSERT; each caller gets its own rows back. */
export class InsertBatcher {
  private pending: {
    rows: NewInspection[];
    resolve: (r: InspectionRowDb[]) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private running = false;

  constructor(
    private readonly repo: () => MonitoringRepository,
    private readonly max = 200,
  ) {}

  insert(rows: NewInspection[]): Promise<InspectionRowDb[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ rows, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    try {
      while (this.pending.length) {
        const group: typeof this.pending = [];
        let n = 0;
        while (this.pending.length && n < this.max) {
          const g = this.pending.shift()!;
          group.push(g);
          n += g.rows.length;
        }
        try {
          const inserted = await this.repo().insertInspections(group.flatMap((g) => g.rows));
          const byId = new Map(inserted.map((r) => [r.id, r]));
          for (const g of group)
            g.resolve(g.rows.flatMap((r) => (byId.has(r.id!) ? [byId.get(r.id!)!] : [])));
        } catch (e) {
          for (const g of group) g.reject(e);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
