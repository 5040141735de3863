// In-process progress of running uploads, keyed by the client's upload_id, for the progress bar
// after the bytes have arrived. Entries are dropped 10 minutes after their upload ended.
import type { UploadProgress } from '@sightline/domain';

interface Entry extends UploadProgress {
  userId: number;
  endedAt: number | null;
}

const KEEP_MS = 10 * 60 * 1000;

export class UploadProgressRegistry {
  private readonly entries = new Map<string, Entry>();

  start(uploadId: string | undefined, userId: number): (p: Partial<UploadProgress>) => void {
    this.sweep();
    if (!uploadId) return () => undefined;
    this.entries.set(uploadId, { phase: 'receiving', processed: 0, total: 0, userId, endedAt: null });
    return (p) => {
      const e = this.entries.get(uploadId);
      if (!e) return;
      Object.assign(e, p);
      if (e.phase === 'done' || e.phase === 'failed') e.endedAt = Date.now();
    };
  }

  get(uploadId: string, userId: number): UploadProgress | null {
    const e = this.entries.get(uploadId);
    if (!e || e.userId !== userId) return null;
    return { phase: e.phase, processed: e.processed, total: e.total };
  }

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.entries)
      if (e.endedAt !== null && now - e.endedAt > KEEP_MS) this.entries.delete(k);
  }
}
