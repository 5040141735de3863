// The upload over a real socket: a slow link that dribbles the body in over seconds still succeeds,
// the progress call follows the upload, and the spooled temp files are gone afterwards.
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipart, pngs, zip } from './fixtures';
import { projectWithMember, setupDatasetApp } from './harness';
import { sweepStaleSpools } from '../../src/features/dataset/ingest/spool-sweeper';

const t = setupDatasetApp();

function slowPost(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  chunks: number,
  delayMs: number,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    const size = Math.ceil(body.length / chunks);
    let i = 0;
    const next = () => {
      if (i * size >= body.length) return req.end();
      req.write(body.subarray(i * size, (i + 1) * size));
      i++;
      setTimeout(next, delayMs);
    };
    next();
  });
}

describe('upload transport', () => {
  it('survives a slow link and reports progress by upload id', async () => {
    const { project, headers } = await projectWithMember(t);
    const imgs = await pngs(20, 70_000);
    const z = await zip(imgs.map((d, i) => ({ name: `slow/i${i}.png`, data: d })));
    const uploadId = randomUUID();
    const body = multipart({ project_id: project.id, name: 'slowlink', type: 'od' }, [
      { name: 'slow.zip', data: z },
    ]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;

    const started = Date.now();
    const pending = slowPost(
      port,
      `/api/v2/datasets/upload?upload_id=${uploadId}`,
      { ...headers, ...body.headers },
      body.payload,
      40,
      100,
    );
    // While the bytes are still arriving the progress call follows them.
    await new Promise((r) => setTimeout(r, 1500));
    const mid = await t.app.inject({
      method: 'GET',
      url: `/api/v2/datasets/upload/${uploadId}/progress`,
      headers,
    });
    const res = await pending;
    expect(Date.now() - started).toBeGreaterThan(3500);
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body).data.stored).toBe(20);
    expect(mid.statusCode).toBe(200);
    const m = mid.json().data;
    expect(m.phase).toBe('receiving');
    expect(m.processed).toBeGreaterThan(0);
    expect(m.processed).toBeLessThan(m.total);
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/v2/datasets/upload/${uploadId}/progress`,
      headers,
    });
    expect(done.json().data).toEqual({ phase: 'done', processed: 20, total: 20 });
    // Another user cannot read someone's upload progress.
    const other = await t.factory.user({ roleId: 4 });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/datasets/upload/${uploadId}/progress`,
          headers: await t.loginAs(other),
        })
      ).statusCode,
    ).toBe(404);
    // The spooled upload is removed once the request ends.
    expect(await readdir(join(t.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('sweeps spool folders a crashed process left behind, but not recent ones', async () => {
    const dir = join(t.dataDir, 'tmp', 'sweep-test');
    await mkdir(join(dir, 'old'), { recursive: true });
    await mkdir(join(dir, 'fresh'), { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(join(dir, 'old'), twoDaysAgo, twoDaysAgo);
    expect(await sweepStaleSpools(dir)).toBe(1);
    expect(await readdir(dir)).toEqual(['fresh']);
  });
});
