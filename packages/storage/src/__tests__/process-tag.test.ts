// Temp names carry "<host>-<pid>-": a start-up sweep removes what dead processes left and keeps what a
// live process is writing; untagged leftovers of older versions go after a day.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../local-storage';
import { hostTag, madeByDeadProcess, processTag } from '../process-tag';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
/** A pid no process can hold: above the kernel's pid_max. (The pid of a child that has just ended can be
 * handed to a new process at once while the suite spawns workers and databases.) */
function deadPid(): number {
  try {
    return Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8').trim()) + 1;
  } catch {
    const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    return Number(r.stdout.toString());
  }
}

describe('process tags', () => {
  it('tell a dead process of this host from a live one, and never judge other hosts', () => {
    const dead = deadPid();
    expect(madeByDeadProcess(`${hostTag()}-${dead}-${randomUUID()}`)).toBe(true);
    expect(madeByDeadProcess(`${processTag()}-${randomUUID()}`)).toBe(false);
    // At start-up our own pid belongs to a predecessor (a container restarts as the same pid).
    expect(madeByDeadProcess(`${processTag()}-${randomUUID()}`, { selfIsPrevious: true })).toBe(true);
    expect(madeByDeadProcess(`${hostTag('elsewhere')}-${dead}-${randomUUID()}`)).toBe(false);
    expect(madeByDeadProcess(randomUUID())).toBe(false);
  });

  it('sweepTemp removes dead processes’ temp files and old untagged ones only', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sightline-sweep-'));
    dirs.push(root);
    const storage = new LocalStorage(root);
    await storage.put('images/a/original', Buffer.from('x'));
    const tmp = join(root, '.tmp');
    await mkdir(tmp, { recursive: true });
    const dead = `${hostTag()}-${deadPid()}-${randomUUID()}`;
    const live = `${processTag()}-${randomUUID()}`;
    const oldUntagged = randomUUID();
    const freshUntagged = randomUUID();
    for (const n of [dead, live, oldUntagged, freshUntagged]) await writeFile(join(tmp, n), '');
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(join(tmp, oldUntagged), old, old);

    expect(await storage.sweepTemp()).toBe(2);
    expect((await readdir(tmp)).sort()).toEqual([freshUntagged, live].sort());
    expect(await storage.sweepTemp({ selfIsPrevious: true })).toBe(1);
    expect(await readdir(tmp)).toEqual([freshUntagged]);
    // Objects are never touched, and a put leaves no temp file of its own.
    await storage.put('images/b/original', Buffer.from('y'));
    expect(await readdir(tmp)).toEqual([freshUntagged]);
    expect((await storage.stat('images/a/original'))?.size).toBe(1);
  });
});
