// Enqueue on the caller's transaction: the jobs row and the pg-boss job are inserted on `client`, so
// they commit (or roll back) together with the caller's own rows (e.g. a learnings row and its limits).
// JobService.enqueue uses it inside its own transaction.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { jobSchema, type JobItem } from '@sightline/domain';
import type { JobQueue } from './job-queue';
import type { EnqueueOptions } from './job.service';

export async function enqueueInTransaction(
  client: pg.PoolClient,
  queue: JobQueue,
  item: JobItem,
  opts: EnqueueOptions = {},
): Promise<string> {
  const job = jobSchema.parse(item);
  const id = randomUUID();
  await client.query(
    `INSERT INTO jobs (id, queue, kind, payload, singleton_key, project_id, user_id) VALUES ($1, $2, $2, $3, $4, $5, $6)`,
    [
      id,
      job.kind,
      JSON.stringify(job.payload),
      opts.singletonKey ?? null,
      opts.projectId ?? null,
      opts.userId ?? null,
    ],
  );
  const sent = await queue.send(job.kind, job.payload, {
    id,
    singletonKey: opts.singletonKey,
    retryLimit: opts.retryLimit ?? 1,
    client,
  });
  if (!sent) throw new Error(`pg-boss refused job ${job.kind}`);
  return id;
}
