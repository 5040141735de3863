// A worker killed with SIGKILL (with its trainer process: a lost machine) mid-training: the reaper hands
// the job back (the learning shows waiting), a second worker with an empty work folder (another
// machine) fetches the epoch checkpoint from storage, resumes from it and finishes: resumed = true.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkerReaper } from '@sightline/jobs';
import { waitFor, workersStoppedAfterAll } from '../harness';
import {
  algorithmId,
  insertDataset,
  setupLearningApp,
  synthClasses,
  TINY,
  trainer,
  postLearning,
} from './helpers';

const t = setupLearningApp({ config: { workers: 1, workerStaleMs: 2500 } });
const workers = workersStoppedAfterAll();

/** Process ids of a process's children (its trainer), read before the kill. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe('lost worker mid-training', () => {
  it('resumes from the last epoch checkpoint on another worker and finishes (resumed = true)', async () => {
    const p = await trainer(t);
    const algo = await algorithmId(t.db, 'cf-resnet');
    const images = await synthClasses(16, ['good', 'scratch', 'spot'], 5);
    const ds = await insertDataset(t.db, t.deps.storage, { projectId: p.project.id, classes: images });
    const first = workers.spawn(t.url, { DATA_DIR: t.dataDir, WORK_DIR: join(t.dataDir, 'work-a') });
    await first.ready(60_000);

    const EPOCHS = 14;
    const res = await postLearning(t, p, {
      dataset_id: ds,
      name: 'resume-me',
      algorithm_id: algo,
      params: { ...TINY, epochs: EPOCHS },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const get = async () =>
      (await t.app.inject({ url: `/api/v2/learnings/${id}`, headers: p.headers })).json().data;
    const ckpt = join(t.dataDir, 'storage', `learnings/${id}/checkpoint.pt`);

    // Kill once two epochs are done and their checkpoint reached storage.
    const before = await waitFor(
      async () => {
        const d = await get();
        return d.status === 'running' && d.history.length >= 2 && existsSync(ckpt) ? d : null;
      },
      150_000,
      `two epochs checkpointed\n${first.output().slice(-2000)}`,
    );
    expect(before.history.length).toBeLessThan(EPOCHS);
    const trainerPids = childrenOf(first.child.pid!);
    first.child.kill('SIGKILL');
    for (const pid of trainerPids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    await first.exited();

    const reaper = new WorkerReaper(t.database, t.queue!, t.deps.config.workerStaleMs);
    workers.reaper = reaper;
    reaper.start(300);
    const handedBack = await waitFor(
      async () => {
        const d = await get();
        return d.status === 'waiting' ? d : null;
      },
      20_000,
      'learning back to waiting',
    );
    expect(handedBack).toMatchObject({ status: 'waiting', queue_position: 1 });

    const second = workers.spawn(t.url, { DATA_DIR: t.dataDir, WORK_DIR: join(t.dataDir, 'work-b') });
    await second.ready(60_000);
    const done = await waitFor(
      async () => {
        const d = await get();
        return ['done', 'error', 'canceled'].includes(d.status) ? d : null;
      },
      180_000,
      `finished on the second worker\n${second.output().slice(-2000)}`,
    );
    expect(done).toMatchObject({ status: 'done', resumed: true, error: null, progress: 100 });
    // The trainer resumed from the checkpoint, not from scratch: the second worker said so.
    const resumedAt = Number(/learning \d+ resumed from epoch (\d+)/.exec(second.output())?.[1]);
    expect(resumedAt).toBeGreaterThanOrEqual(2);
    // One history point per epoch, none lost or doubled.
    expect(done.history.map((h: { epoch: number }) => h.epoch)).toEqual(
      Array.from({ length: EPOCHS }, (_, i) => i + 1),
    );
    expect(done.timings.started_at).toBe(before.timings.started_at);
    // The job row succeeds (and the checkpoint goes) just after the body has marked the learning done.
    const jobOf = async () =>
      (await t.app.inject({ url: `/api/jobs/${done.job_id}`, headers: p.headers })).json().data;
    await expect.poll(async () => (await jobOf()).status, { timeout: 15_000 }).toBe('succeeded');
    expect(await jobOf()).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(existsSync(join(t.dataDir, 'storage', `learnings/${id}/model/model.onnx`))).toBe(true);
    await expect.poll(() => existsSync(ckpt), { timeout: 15_000 }).toBe(false);
  }, 420_000);
});
