// Issue 19: a real server (src/main.ts, a child process) is SIGKILLed while several cameras post to the
// live inspection API, then started again. Every request that was answered has its row (with the answered
// id) and its original image; no serial is stored twice; each camera then re-sends what was not answered
// with the same request ids, and every image ends up stored exactly once.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { LocalStorage } from '@sightline/storage';
import { synth } from '@sightline/vision';
import { createTestDatabase, waitFor } from '../harness';
import { insertDoneLearning, trainTinyCf } from '../evaluation/fixtures';
import { PASSWORD, api, start, type Server } from './upload-kill';

const CAMERAS = 3;
const ANSWERED_BEFORE_KILL = 15;

interface Shot {
  serial: string;
  requestId: string;
  image: Buffer;
  answeredId?: string;
}

/** One POST of one image; the stored row's id, or null when the server gave no answer (killed). */
async function post(s: Server, key: string, shot: Shot): Promise<string | null> {
  try {
    const res = await fetch(
      `http://127.0.0.1:${s.port}/api/v2/lines/LINE-0001/inspect?serial=${shot.serial}&request_id=${shot.requestId}`,
      {
        method: 'POST',
        headers: { 'content-type': 'image/png', 'x-line-key': key },
        body: new Uint8Array(shot.image),
      },
    );
    const body = (await res.json()) as { data?: { id: string }[] };
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body)}`);
    return body.data![0]!.id;
  } catch (e) {
    if ((e as Error).message.startsWith('HTTP')) throw e;
    return null;
  }
}

it(
  'a server killed during inspection loses no answered row and stores nothing twice',
  { timeout: 120_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sl-inspect-kill-'));
    const running: ChildProcess[] = [];
    const tdb = await createTestDatabase();
    const storage = new LocalStorage(join(dataDir, 'storage'));
    const q = <T extends object>(text: string, params: unknown[] = []) =>
      tdb.database.pool.query<T & Record<string, unknown>>(text, params).then((r) => r.rows);
    try {
      await synth.writeClassificationSet(join(dataDir, 'live'), 4, {
        size: 32,
        seed: 8,
        kinds: ['good', 'scratch'],
      });
      const images = ['good', 'scratch'].flatMap((k) =>
        readdirSync(join(dataDir, 'live', k)).map((f) => readFileSync(join(dataDir, 'live', k, f))),
      );
      const env = { DATABASE_URL: tdb.url, S3_BUCKET: '' };
      // The model trains while the server starts.
      const [modelDir, first] = await Promise.all([
        trainTinyCf(join(dataDir, 'train')),
        start(env, dataDir, running),
      ]);
      const [line] = await q<{ id: number; project_id: number }>(
        `SELECT id, project_id FROM lines WHERE code = 'LINE-0001'`,
      );
      const model = await insertDoneLearning(tdb.database.db, storage, {
        projectId: line!.project_id,
        name: 'kill-model',
        modelDir,
      });
      const { token } = await api<{ token: string }>(first, '/api/auth/login', undefined, {
        username: 'demo-company',
        password: PASSWORD,
      });
      const dep = await api<{ data?: { id: number } }>(first, '/api/v2/monitoring/deployments', token, {
        line_id: line!.id,
        model_id: model,
        threshold: 0.5,
      });
      expect(dep.data?.id, JSON.stringify(dep)).toBeTruthy();
      const key = (
        await api<{ data: { key: string } }>(first, `/api/v2/monitoring/lines/${line!.id}/keys`, token, {
          name: 'cams',
        })
      ).data.key;

      // Several cameras post one image after another until the server dies under them.
      const shots: Shot[][] = Array.from({ length: CAMERAS }, () => []);
      let answered = 0;
      let killed = false;
      const camera = async (c: number) => {
        for (let n = 0; !killed; n++) {
          const shot: Shot = {
            serial: `KILL-${c}-${String(n).padStart(4, '0')}`,
            requestId: randomUUID(),
            image: images[(c + n) % images.length]!,
          };
          shots[c]!.push(shot);
          const id = await post(first, key, shot);
          if (!id) return; // no answer: the server is gone
          shot.answeredId = id;
          answered++;
        }
      };
      const cameras = Array.from({ length: CAMERAS }, (_, c) => camera(c));
      await waitFor(async () => answered >= ANSWERED_BEFORE_KILL, 60_000, 'answered inspections');
      killed = true;
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(cameras);

      const all = shots.flat();
      const done = all.filter((s) => s.answeredId);
      const unanswered = all.filter((s) => !s.answeredId);
      expect(done.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
      const rowsOf = () =>
        q<{ id: string; serial_number: string; request_id: string; original_key: string }>(
          `SELECT id, serial_number, request_id, original_key FROM inspections WHERE serial_number LIKE 'KILL-%'`,
        );
      // Right after the kill: every answered request has its row, with the id it was answered.
      let rows = await rowsOf();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const s of done) expect(byId.get(s.answeredId!)?.serial_number, s.serial).toBe(s.serial);
      expect(new Set(rows.map((r) => r.serial_number)).size).toBe(rows.length);
      for (const r of rows) expect(await storage.stat(r.original_key), r.original_key).not.toBeNull();

      // Restarted, the cameras re-send what got no answer, with the same request ids.
      const second = await start(env, dataDir, running);
      for (const s of unanswered) {
        const id = await post(second, key, s);
        expect(id, s.serial).toBeTruthy();
        s.answeredId = id!;
      }
      // Answered twice (a row committed just before the kill) is still one row.
      for (const s of done) expect(await post(second, key, s)).toBe(s.answeredId);
      rows = await rowsOf();
      expect(rows.map((r) => r.serial_number).sort()).toEqual(all.map((s) => s.serial).sort());
      expect(new Map(rows.map((r) => [r.serial_number, r.id]))).toEqual(
        new Map(all.map((s) => [s.serial, s.answeredId])),
      );
      // The prediction image of a row the killed process had not drawn yet is drawn on first view.
      const lastDone = done.at(-1)!;
      const pred = await fetch(
        `http://127.0.0.1:${second.port}/api/v2/monitoring/inspections/${lastDone.answeredId}/prediction`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(pred.status).toBe(200);
      expect(pred.headers.get('content-type')).toBe('image/jpeg');
      console.log(
        `[inspection-kill] ${done.length} answered before the kill, ${unanswered.length} re-sent after the restart, ${rows.length} rows`,
      );
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await tdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
