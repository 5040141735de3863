// The dataset lock that a performance evaluation takes while it uses a dataset: image deletion (and
// dataset deletion) is refused with 'image deletion during verification' until every lock is released.
import type { DatasetRepository } from './dataset.repository';

export class DatasetLockService {
  constructor(private readonly repo: DatasetRepository) {}

  /** `ref` names the holder (e.g. 'inference:42'); locking twice with one ref is a no-op. */
  lock(datasetId: number, ref: string, reason = 'verification'): Promise<void> {
    return this.repo.addLock(datasetId, ref, reason);
  }

  unlock(datasetId: number, ref: string): Promise<void> {
    return this.repo.removeLock(datasetId, ref);
  }

  isLocked(datasetId: number): Promise<boolean> {
    return this.repo.isLocked(this.repo.db, datasetId);
  }
}
