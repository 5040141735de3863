// Notifications follow jobs (issue 17): the jobs trigger creates one notification per reported job for
// its requestor and keeps status/progress in step; role 1 gets none; unreported kinds get none. A user
// reads and marks only their own; changes are announced over LISTEN/NOTIFY to any server process.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  JobRepository,
  NotificationAlertRepository,
  WorkerRepository,
  jobs,
  notifications,
  PgListener,
} from '@sightline/db';
import { NotificationEvents } from '../src/features/notification/notification-events';
import { setupTestApp } from './harness';

const t = setupTestApp();

async function insertJob(kind: string, userId: number | null, projectId: number | null = null) {
  const id = randomUUID();
  await t.db.insert(jobs).values({ id, queue: kind, kind, userId, projectId });
  return id;
}
const notificationOf = async (jobId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.jobId, jobId)))[0];

describe('job notifications', () => {
  it('one notification per learning job, in step with its status and progress', async () => {
    const company = await t.factory.company();
    const project = await t.factory.project({ companyId: company.id });
    const u = await t.factory.user({ roleId: 3, companyId: company.id });
    const jobId = await insertJob('learning.train', u.id, project.id);
    expect(await notificationOf(jobId)).toMatchObject({
      userId: u.id,
      projectId: project.id,
      type: 'learning',
      status: 'in_progress',
      progress: 0,
      jobStatus: 'queued',
    });
    const repo = new JobRepository(t.db);
    await repo.markRunning(jobId, await new WorkerRepository(t.db).register('host', 1));
    await repo.progress(jobId, 42, 'epoch 2');
    expect(await notificationOf(jobId)).toMatchObject({
      status: 'in_progress',
      progress: 42,
      jobStatus: 'running',
    });
    const headers = await t.loginAs(u);
    // read while running, then the finish makes it unread again (news)
    const n = (await notificationOf(jobId))!;
    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${n.id}/read`, headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.is_read).toBe(true);
    await repo.finish(jobId, 'succeeded', 'done');
    const done = (await notificationOf(jobId))!;
    expect(done).toMatchObject({ status: 'done', progress: 100, jobStatus: 'succeeded', readAt: null });
    const all = await t.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(all).toHaveLength(1);

    const latest = await t.app.inject({ url: '/api/notifications?perPage=10', headers });
    expect(latest.json().data.data[0]).toMatchObject({
      type: 'learning',
      status: 'done',
      progress: 100,
      job_id: jobId,
      job_status: 'succeeded',
      is_read: false,
    });
  });

  it('maps evaluation and compare kinds; ignores unreported kinds, jobs without a requestor and role 1', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const admin = await t.factory.user({ roleId: 1 });
    const ev = await insertJob('evaluation.run', u.id);
    const cmp = await insertJob('compare.run', u.id);
    const proc = await insertJob('processing.merge', u.id);
    expect((await notificationOf(ev))?.type).toBe('inference');
    expect((await notificationOf(cmp))?.type).toBe('compare_inference');
    expect((await notificationOf(proc))?.type).toBe('labeling');
    expect(await notificationOf(await insertJob('dataset.export', u.id))).toBeUndefined();
    expect(await notificationOf(await insertJob('learning.train', null))).toBeUndefined();
    expect(await notificationOf(await insertJob('learning.train', admin.id))).toBeUndefined();
  });

  it("a user pages, reads and marks only their own; another user's id is 404", async () => {
    const u = await t.factory.user({ roleId: 4 });
    const other = await t.factory.user({ roleId: 4 });
    for (let i = 0; i < 12; i++) await insertJob('evaluation.run', u.id);
    const theirs = await insertJob('evaluation.run', other.id);
    const headers = await t.loginAs(u);
    const p1 = await t.app.inject({ url: '/api/my/notifications?page=1', headers });
    expect(p1.statusCode, p1.body).toBe(200);
    expect(p1.json().data).toMatchObject({ total: 12, unread: 12 });
    expect(p1.json().data.data).toHaveLength(10);
    const p2 = await t.app.inject({ url: '/api/my/notifications?page=2', headers });
    expect(p2.json().data.data).toHaveLength(2);

    const foreign = (await notificationOf(theirs))!;
    const steal = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${foreign.id}/read`,
      headers,
    });
    expect(steal.statusCode).toBe(404);
    expect((await notificationOf(theirs))!.readAt).toBeNull();

    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers });
    expect(all.json().data.updated).toBe(12);
    const unread = await t.app.inject({ url: '/api/my/notifications?filter=unread', headers });
    expect(unread.json().data).toMatchObject({ total: 0, unread: 0, data: [] });
    expect((await notificationOf(theirs))!.readAt).toBeNull();
    const anon = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all' });
    expect(anon.statusCode).toBe(401);
  });

  it('monitoring alerts go to project members except role 1', async () => {
    const project = await t.factory.project();
    const a = await t.factory.user({ roleId: 4, projects: { [project.id]: [2] } });
    const b = await t.factory.user({ roleId: 1, projects: { [project.id]: [2] } });
    const rows = await new NotificationAlertRepository(t.db).alertProject(project.id, 'Line L1: NG rate 12%');
    expect(rows.map((r) => r.userId)).toEqual([a.id]);
    expect(rows[0]).toMatchObject({ type: 'monitoring', status: 'done', message: 'Line L1: NG rate 12%' });
    expect(
      await new NotificationAlertRepository(t.db).alertUser(b.id, { projectId: null, message: 'x' }),
    ).toBeNull();
  });

  it('announces a queued job with its kind on job_queued (workers fetch it at once), not its updates', async () => {
    const listener = new PgListener(t.url);
    const seen: string[] = [];
    listener.on('job_queued', (kind) => seen.push(kind));
    try {
      await listener.ready();
      const id = await insertJob('dataset.export', null);
      await expect.poll(() => seen, { timeout: 5000 }).toEqual(['dataset.export']);
      const worker = await new WorkerRepository(t.db).register('test-host', 1);
      await new JobRepository(t.db).markRunning(id, worker);
      await insertJob('learning.train', null);
      await expect.poll(() => seen, { timeout: 5000 }).toEqual(['dataset.export', 'learning.train']);
    } finally {
      await listener.stop();
    }
  });

  it('announces changes over LISTEN/NOTIFY to the owner only', async () => {
    const u = await t.factory.user({ roleId: 4 });
    const other = await t.factory.user({ roleId: 4 });
    const listener = new PgListener(t.url);
    const events = new NotificationEvents(listener);
    const seen: string[] = [];
    const off1 = await events.subscribe(u.id, () => seen.push('mine'));
    const off2 = await events.subscribe(other.id, () => seen.push('other'));
    try {
      await insertJob('learning.train', u.id);
      await expect.poll(() => seen, { timeout: 5000 }).toContain('mine');
      expect(seen).not.toContain('other');
    } finally {
      off1();
      off2();
      await listener.stop();
    }
  });
});
