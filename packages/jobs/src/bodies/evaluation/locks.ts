// Dataset locks of evaluations and compares: the server takes one when it queues the job, the job body
// releases it. Apart from run.ts so the server can name locks without loading the vision engine.
import { and, eq } from 'drizzle-orm';
import { datasetLocks, type Executor } from '@sightline/db';

export const evaluationLockRef = (id: number) => `evaluation:${id}`;
export const compareLockRef = (id: number) => `compare:${id}`;

/** Releases a dataset lock taken by the server when the evaluation or compare was requested. */
export async function releaseDatasetLock(db: Executor, datasetId: number | null, ref: string): Promise<void> {
  if (datasetId == null) return;
  await db.delete(datasetLocks).where(and(eq(datasetLocks.datasetId, datasetId), eq(datasetLocks.ref, ref)));
}
