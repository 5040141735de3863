// Saves that survive a reload and an offline minute: every document to save is written to
// localStorage first, then PUT; a failed or offline PUT stays queued and is flushed when the browser
// is back online (or on the next start). A newer save of the same image replaces the queued one.
import type { AnnotationDocument } from '@sightline/domain';

export interface QueuedSave {
  datasetId: number;
  imageId: string;
  rev: number;
  document: AnnotationDocument;
  confirmed?: boolean;
  queuedAt: number;
}

export interface SaveTransport {
  put(save: QueuedSave): Promise<{ rev: number }>;
}

export interface KeyValue {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

export type SaveStatus = 'saved' | 'saving' | 'queued' | 'error';

const keyOf = (datasetId: number) => `sightline.annotation.queue.${datasetId}`;

export class SaveQueue {
  private listeners = new Set<(s: SaveStatus) => void>();
  private flushing: Promise<void> | null = null;
  status: SaveStatus = 'saved';
  /** Newest revision per image after a successful PUT. */
  readonly revs = new Map<string, number>();

  constructor(
    private readonly datasetId: number,
    private readonly transport: SaveTransport,
    private readonly kv: KeyValue,
    private readonly isOnline: () => boolean = () => true,
  ) {
    if (this.pending().length) this.setStatus('queued');
  }

  onStatus(fn: (s: SaveStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private setStatus(s: SaveStatus): void {
    this.status = s;
    for (const l of [...this.listeners]) l(s);
  }

  pending(): QueuedSave[] {
    try {
      const raw = this.kv.getItem(keyOf(this.datasetId));
      return raw ? (JSON.parse(raw) as QueuedSave[]) : [];
    } catch {
      return [];
    }
  }

  /** The queued (not yet stored) document of an image, if any: it wins over the server's copy. */
  queuedFor(imageId: string): QueuedSave | undefined {
    return this.pending().find((q) => q.imageId === imageId);
  }

  private write(list: QueuedSave[]): void {
    if (list.length) this.kv.setItem(keyOf(this.datasetId), JSON.stringify(list));
    else this.kv.removeItem(keyOf(this.datasetId));
  }

  /** Writes a save to local storage only (it survives a reload); flush() sends it. */
  stage(s: Omit<QueuedSave, 'queuedAt' | 'datasetId'>): void {
    const rev = Math.max(s.rev, this.revs.get(s.imageId) ?? 0);
    const list = this.pending().filter((q) => q.imageId !== s.imageId);
    list.push({ ...s, rev, datasetId: this.datasetId, queuedAt: Date.now() });
    this.write(list);
    this.setStatus(this.isOnline() ? 'saving' : 'queued');
  }

  /** Queues a save and tries to send it at once. */
  save(s: Omit<QueuedSave, 'queuedAt' | 'datasetId'>): Promise<void> {
    this.stage(s);
    return this.flush();
  }

  /** Sends every queued save in order; stops at the first failure (kept for the next flush). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => (this.pending().length ? this.flush() : undefined));
    if (!this.isOnline()) {
      if (this.pending().length) this.setStatus('queued');
      return Promise.resolve();
    }
    this.flushing = (async () => {
      for (;;) {
        const next = this.pending()[0];
        if (!next) break;
        this.setStatus('saving');
        try {
          const known = this.revs.get(next.imageId);
          const { rev } = await this.transport.put({ ...next, rev: known ?? next.rev });
          this.revs.set(next.imageId, rev);
          // Drop it unless a newer save of the same image was queued meanwhile.
          this.write(
            this.pending().filter((q) => !(q.imageId === next.imageId && q.queuedAt === next.queuedAt)),
          );
        } catch (err) {
          this.setStatus(isOffline(err) || !this.isOnline() ? 'queued' : 'error');
          return;
        }
      }
      this.setStatus('saved');
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }
}

function isOffline(err: unknown): boolean {
  const status = (err as { status?: number })?.status;
  return err instanceof TypeError || status === 0 || (status != null && status >= 500);
}
