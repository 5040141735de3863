// The /train/processing list's SSE stream on real PostgreSQL: a work created in the project arrives as a
// status event, its job's progress and status changes follow (job_events), a work of another project
// never shows, the stream refuses a project the user may not train in, and a deleted work sends `deleted`.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, processingWorks } from '@sightline/db';
import { projectWithMember, setupDatasetApp } from '../datasets/harness';
import { waitFor } from '../harness';

const t = setupDatasetApp();
let p: Awaited<ReturnType<typeof projectWithMember>>;
let other: Awaited<ReturnType<typeof projectWithMember>>;
let address: string;

const ticket = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/sse-ticket', headers })).json().data.ticket as string;

async function newWork(projectId: number, name: string, jobId: string | null = null) {
  const [w] = await t.db
    .insert(processingWorks)
    .values({ projectId, name, kind: 'new', task: 'cf', saveDir: name, jobId })
    .returning();
  return w!;
}

beforeAll(async () => {
  p = await projectWithMember(t);
  other = await projectWithMember(t);
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

type Ev = { event: string; data: { id?: number; name?: string; status?: string; progress?: number } };

describe('processing SSE', () => {
  it('pushes works of the project as they and their jobs change, then their deletion', async () => {
    const jobId = randomUUID();
    await t.db.insert(jobs).values({
      id: jobId,
      queue: 'processing.run',
      kind: 'processing.run',
      projectId: p.project.id,
      status: 'queued',
    });
    // Each change waits until the stream showed the previous one (no timing assumptions).
    const events: Ev[] = [];
    const ac = new AbortController();
    const res = await fetch(
      `${address}/api/v2/processing/events?project_id=${p.project.id}&ticket=${await ticket(p.headers)}`,
      { signal: ac.signal },
    );
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reading = (async () => {
      const dec = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
          buf += dec.decode(chunk, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const ev = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (ev && data) events.push({ event: ev, data: JSON.parse(data) as Ev['data'] });
          }
        }
      } catch {
        // aborted at the end
      }
    })();
    const shown = (what: (e: Ev) => boolean) => waitFor(async () => events.some(what) || null, 20_000);
    try {
      await shown((e) => e.event === 'ready');
      await newWork(other.project.id, 'elsewhere');
      const workId = (await newWork(p.project.id, 'live', jobId)).id;
      await shown((e) => e.data.id === workId && e.data.status === 'waiting');
      await t.db.update(jobs).set({ status: 'running', progress: 40 }).where(eq(jobs.id, jobId));
      await shown((e) => e.data.id === workId && e.data.progress === 40);
      await t.db.update(jobs).set({ status: 'succeeded', progress: 100 }).where(eq(jobs.id, jobId));
      await shown((e) => e.data.id === workId && e.data.status === 'done');
      await t.db.delete(processingWorks).where(eq(processingWorks.id, workId));
      await shown((e) => e.event === 'deleted');

      expect(events[0]).toEqual({ event: 'ready', data: { project_id: p.project.id } });
      const statuses = events.filter((e) => e.event === 'status').map((e) => e.data);
      expect(statuses.every((s) => s.id === workId && s.name === 'live')).toBe(true);
      expect(statuses.map((s) => [s.status, s.progress])).toEqual([
        ['waiting', 0],
        ['progressing', 40],
        ['done', 100],
      ]);
      expect(events[events.length - 1]).toEqual({ event: 'deleted', data: { id: workId } });
    } finally {
      ac.abort();
      await reading;
    }
  });

  it('refuses a project the user may not train in', async () => {
    const res = await fetch(
      `${address}/api/v2/processing/events?project_id=${other.project.id}&ticket=${await ticket(p.headers)}`,
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('content-type')).not.toContain('text/event-stream');
    await res.body?.cancel();
  });
});
