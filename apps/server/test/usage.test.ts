// Usage history, statistics and resource monitoring (issue 17): every figure is checked against the job
// rows it comes from; the scope follows the caller (a company admin sees only its company's projects, a
// user's own statistics only their requests).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobs, processingWorks } from '@sightline/db';
import { setupTestApp } from './harness';

const t = setupTestApp();

const ago = (min: number) => new Date(Date.now() - min * 60_000);

async function job(
  kind: string,
  userId: number,
  projectId: number,
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled',
  created: number,
  started: number | null,
  finished: number | null,
  progress = 0,
) {
  const id = randomUUID();
  await t.db.insert(jobs).values({
    id,
    queue: kind,
    kind,
    userId,
    projectId,
    status,
    progress,
    createdAt: ago(created),
    startedAt: started === null ? null : ago(started),
    finishedAt: finished === null ? null : ago(finished),
  });
  return id;
}

async function world() {
  const A = await t.factory.company();
  const B = await t.factory.company();
  const pa = await t.factory.project({ companyId: A.id });
  const pb = await t.factory.project({ companyId: B.id });
  const svc = await t.factory.user({ roleId: 2 });
  const a3 = await t.factory.user({ roleId: 3, companyId: A.id });
  const a4 = await t.factory.user({ roleId: 4, companyId: A.id, projects: { [pa.id]: [1] } });
  const b4 = await t.factory.user({ roleId: 4, companyId: B.id, projects: { [pb.id]: [1] } });
  // A: two trainings done (10 and 20 min runs), one failed, one running, one waiting; an evaluation; a compare.
  await job('learning.train', a4.id, pa.id, 'succeeded', 60, 58, 48);
  await job('learning.train', a4.id, pa.id, 'succeeded', 50, 45, 25);
  await job('learning.train', a3.id, pa.id, 'failed', 40, 39, 38);
  await job('learning.train', a4.id, pa.id, 'running', 20, 15, null, 40);
  await job('learning.train', a4.id, pa.id, 'queued', 5, null, null);
  await job('evaluation.run', a4.id, pa.id, 'succeeded', 30, 30, 29);
  await job('compare.run', a3.id, pa.id, 'cancelled', 30, null, 29);
  await job('dataset.export', a4.id, pa.id, 'succeeded', 30, 30, 29); // not usage
  // B: one training done.
  await job('learning.train', b4.id, pb.id, 'succeeded', 30, 28, 18);
  return { A, B, pa, pb, svc, a3, a4, b4 };
}

describe('usage', () => {
  it('summary counts and times equal the job rows, scoped per role', async () => {
    const w = await world();
    // The expected figures straight from the rows, for project A.
    const expected = await t.db.execute(sql`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE status = 'succeeded') AS ok,
             sum(extract(epoch FROM (coalesce(finished_at, now()) - started_at))) FILTER (WHERE started_at IS NOT NULL) AS run
        FROM jobs WHERE project_id = ${w.pa.id} AND kind LIKE 'learning.%'`);
    const res = await t.app.inject({
      url: `/api/usage/summary?project_id=${w.pa.id}`,
      headers: await t.loginAs(w.svc),
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    const learning = s.jobs.find((g: { group: string }) => g.group === 'learning');
    expect(learning.total).toBe(Number(expected.rows[0]!.total));
    expect(learning).toMatchObject({ total: 5, succeeded: 2, failed: 1, active: 2, cancelled: 0 });
    expect(learning.run_seconds).toBeCloseTo(Number(expected.rows[0]!.run), -1);
    // 10 + 20 + 1 minutes finished, ~15 running
    expect(learning.run_seconds).toBeGreaterThan(45 * 60);
    expect(s.jobs.find((g: { group: string }) => g.group === 'inference').total).toBe(1);
    expect(s.jobs.find((g: { group: string }) => g.group === 'compare')).toMatchObject({
      total: 1,
      cancelled: 1,
    });
    expect(s.total_jobs).toBe(7); // the export is not usage

    // Company admin of A: only A's rows, even without a project filter.
    const a = await t.app.inject({ url: '/api/usage/summary', headers: await t.loginAs(w.a3) });
    expect(a.json().data.total_jobs).toBe(7);
    // A user of B: only B's project.
    const b = await t.app.inject({ url: '/api/usage/summary', headers: await t.loginAs(w.b4) });
    expect(b.json().data.total_jobs).toBe(1);
    // My statistics: only my requests.
    const mine = await t.app.inject({ url: '/api/usage/summary?scope=mine', headers: await t.loginAs(w.a3) });
    expect(mine.json().data.total_jobs).toBe(2);
    // A period that ends yesterday holds nothing of today.
    const yesterday = new Date(Date.now() - 86_400_000 * 2).toISOString().slice(0, 10);
    const old = await t.app.inject({
      url: `/api/usage/summary?to=${yesterday}&project_id=${w.pa.id}`,
      headers: await t.loginAs(w.svc),
    });
    expect(old.json().data.total_jobs).toBe(0);
  });

  it('processing counts by type come from processing works', async () => {
    const w = await world();
    const mk = (kind: 'new' | 'merge' | 'ai_supervised' | 'external', n: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          t.db.insert(processingWorks).values({
            projectId: w.pa.id,
            name: `${kind}_${i}_${randomUUID().slice(0, 6)}`,
            kind,
            task: 'cf',
            saveDir: `${kind}_${i}_${randomUUID().slice(0, 6)}`,
            createdBy: w.a4.id,
          }),
        ),
      );
    await mk('new', 3);
    await mk('merge', 1);
    await mk('ai_supervised', 2);
    await mk('external', 1);
    const res = await t.app.inject({
      url: `/api/usage/summary?project_id=${w.pa.id}`,
      headers: await t.loginAs(w.svc),
    });
    expect(res.json().data.processing).toMatchObject({
      new: 3,
      merge: 1,
      ai_supervised: 2,
      ai_unsupervised: 0,
      augmentation: 0,
      external: 1,
    });
    const trend = await t.app.inject({
      url: `/api/usage/trend?months=3&project_id=${w.pa.id}`,
      headers: await t.loginAs(w.svc),
    });
    const months = trend.json().data as { month: string; learning: number; processing: number }[];
    expect(months).toHaveLength(3);
    const now = months.at(-1)!;
    expect(now.month).toBe(new Date().toISOString().slice(0, 7));
    expect(now).toMatchObject({ learning: 5, processing: 7 });
  });

  it('resource monitoring lists running then waiting jobs with their times and names', async () => {
    const w = await world();
    const res = await t.app.inject({
      url: `/api/usage/jobs?state=active&project_id=${w.pa.id}`,
      headers: await t.loginAs(w.a4),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(2);
    expect(data[0]).toMatchObject({
      status: 'running',
      progress: 40,
      group: 'learning',
      requestor: 'Test User',
    });
    expect(data[0].waiting_seconds).toBeGreaterThanOrEqual(299);
    expect(data[0].progress_seconds).toBeGreaterThanOrEqual(899);
    expect(data[1]).toMatchObject({ status: 'queued', progress_seconds: null, project_id: w.pa.id });
    expect(data[1].waiting_seconds).toBeGreaterThanOrEqual(299);
    // B's user does not see A's queue.
    const other = await t.app.inject({
      url: `/api/usage/jobs?state=active&project_id=${w.pa.id}`,
      headers: await t.loginAs(w.b4),
    });
    expect(other.json().data.total).toBe(0);
    const anon = await t.app.inject({ url: '/api/usage/jobs' });
    expect(anon.statusCode).toBe(401);
  });
});
