// A job row follows its pg-boss job. The worker updates the row before it tells pg-boss, so a row still
// 'running' whose pg-boss job is no longer active was changed behind the worker's back: pg-boss expired
// it (active past expireIn → retry or failed), it was cancelled, or it is gone. Such rows are brought in
// line: retry/created → 'queued', cancelled → 'cancelled', failed or missing → 'failed'. A row touched in
// the last `graceSec` seconds is left alone (a worker that has just picked the job up again).
import type pg from 'pg';
import { BOSS_SCHEMA } from './job-queue';

export interface FollowedJob {
  id: string;
  status: 'queued' | 'failed' | 'cancelled';
}

export async function followQueueStates(pool: pg.Pool, graceSec = 5): Promise<FollowedJob[]> {
  const { rows } = await pool.query<FollowedJob>(
    `WITH drift AS (
       SELECT j.id, b.state::text AS state, b.output->'value'->>'message' AS reason
         FROM jobs j LEFT JOIN ${BOSS_SCHEMA}.job b ON b.name = j.queue AND b.id = j.id
        WHERE j.status = 'running' AND j.updated_at < now() - make_interval(secs => $1::double precision)
          AND (b.id IS NULL OR b.state::text IN ('created', 'retry', 'failed', 'cancelled'))
     ), next AS (
       SELECT id, reason,
              CASE WHEN state IN ('created', 'retry') THEN 'queued'
                   WHEN state = 'cancelled' THEN 'cancelled' ELSE 'failed' END AS status
         FROM drift
     )
     UPDATE jobs j
        SET status = n.status,
            message = CASE n.status WHEN 'queued' THEN 'timed out; retrying'
                                    WHEN 'cancelled' THEN 'cancelled'
                                    ELSE coalesce(n.reason, 'lost by the queue') END,
            worker_id = CASE WHEN n.status = 'queued' THEN NULL ELSE j.worker_id END,
            finished_at = CASE WHEN n.status = 'queued' THEN NULL ELSE now() END,
            updated_at = now()
       FROM next n
      WHERE j.id = n.id AND j.status = 'running' AND j.updated_at < now() - make_interval(secs => $1::double precision)
      RETURNING j.id, j.status`,
    [graceSec],
  );
  return rows;
}
