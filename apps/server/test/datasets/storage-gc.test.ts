// Storage garbage collection: objects no row refers to (a crashed upload, a project deleted with its
// datasets, a deleted download row) are removed once old enough; live and fresh objects stay.
import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { processingWorks, projects } from '@sightline/db';
import { collectStorageGarbage } from '@sightline/jobs';
import { imageKeys, segmentModelKeys } from '@sightline/storage';
import { multipart, pngs } from './fixtures';
import { projectWithMember, setupDatasetApp } from './harness';

const t = setupDatasetApp();

async function age(key: string, hours: number) {
  const when = new Date(Date.now() - hours * 3600 * 1000);
  await utimes(join(t.dataDir, 'storage', ...key.split('/')), when, when);
}

describe('storage garbage collection', () => {
  it('removes old unreferenced objects only', async () => {
    const live = await projectWithMember(t);
    const doomed = await projectWithMember(t);
    for (const [p, name, seed] of [
      [live, 'live', 1],
      [doomed, 'doomed', 50],
    ] as const) {
      const body = multipart(
        { project_id: p.project.id, name, type: 'od', folder: 'f' },
        (await pngs(2, 31_000 + seed)).map((d, i) => ({ name: `i${i}.png`, data: d })),
      );
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v2/datasets/upload',
            payload: body.payload,
            headers: { ...p.headers, ...body.headers },
          })
        ).statusCode,
      ).toBe(201);
    }
    const liveKeys = (await t.keys()).length;
    expect(liveKeys).toBe(8);
    // The project (and with it its datasets and image rows) is deleted by the tenancy area.
    await t.db.delete(projects).where(eq(projects.id, doomed.project.id));
    const crashed = imageKeys(randomUUID());
    const fresh = imageKeys(randomUUID());
    const zip = `downloads/${randomUUID()}.zip`;
    for (const k of [crashed.original, crashed.thumb, fresh.original, fresh.thumb, zip])
      await t.storage.put(k, Buffer.from('x'));
    for (const k of [...(await t.keys())])
      if (!k.startsWith(`images/${fresh.original.split('/')[1]}`)) await age(k, 12);

    const result = await collectStorageGarbage(t.db, t.storage);
    expect(result).toEqual({ images: 3, downloads: 1 });
    const left = await t.keys();
    expect(left).toHaveLength(4 + 2);
    expect(left).toContain(fresh.original);
    expect(left).not.toContain(crashed.original);
    expect(left).not.toContain(zip);
    // The live dataset still serves its images.
    const ds = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/datasets?project_id=${live.project.id}`,
        headers: live.headers,
      })
    ).json().data.data[0];
    const img = (
      await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${ds.id}/images`, headers: live.headers })
    ).json().data.data[0];
    expect((await t.app.inject({ method: 'GET', url: img.thumb_url })).statusCode).toBe(200);
  });

  it('removes learning and evaluation folders whose rows are gone, once old enough', async () => {
    const base = await collectStorageGarbage(t.db, t.storage, { minAgeMs: 0, now: Date.now() + 1000 });
    expect(base.learnings ?? 0).toBe(0);
    const orphanModel = ['learnings/987654/model/manifest.json', 'learnings/987654/checkpoint.pt'];
    const orphanOverlay = 'evaluations/876543/overlays/0a.png';
    const freshOverlay = 'evaluations/876544/overlays/0b.png';
    for (const k of [...orphanModel, orphanOverlay, freshOverlay]) await t.storage.put(k, Buffer.from('x'));
    for (const k of [...orphanModel, orphanOverlay]) await age(k, 12);

    const result = await collectStorageGarbage(t.db, t.storage);
    expect(result).toMatchObject({ learnings: 1, evaluations: 1 });
    const left = await t.keys();
    for (const k of [...orphanModel, orphanOverlay]) expect(left).not.toContain(k);
    expect(left).toContain(freshOverlay);
  });

  it('removes refined click-segmentation pairs no project record names, and records of deleted projects', async () => {
    const { project } = await projectWithMember(t);
    const gone = await projectWithMember(t);
    const pair = (id: string) => [
      segmentModelKeys.refined(id, 'encoder.onnx'),
      segmentModelKeys.refined(id, 'decoder.onnx'),
    ];
    const [named, reverted, fresh] = ['a1b2c3', 'd4e5f6', 'f0f0f0'];
    for (const k of [...pair(named), ...pair(reverted), ...pair(fresh)])
      await t.storage.put(k, Buffer.from('onnx'));
    for (const k of [...pair(named), ...pair(reverted)]) await age(k, 12);
    await t.storage.put(segmentModelKeys.project(project.id), Buffer.from(JSON.stringify({ id: named })));
    await t.storage.put(
      segmentModelKeys.project(gone.project.id),
      Buffer.from(JSON.stringify({ id: named })),
    );
    await t.db.delete(projects).where(eq(projects.id, gone.project.id));

    const result = await collectStorageGarbage(t.db, t.storage);
    expect(result.segmentPairs).toBe(1);
    const left = await t.keys();
    for (const k of [...pair(named), ...pair(fresh), segmentModelKeys.project(project.id)])
      expect(left).toContain(k);
    for (const k of [...pair(reverted), segmentModelKeys.project(gone.project.id)])
      expect(left).not.toContain(k);
  });

  it('removes external labeling packs no work names, once old enough', async () => {
    const { project } = await projectWithMember(t);
    const pack = (name: string) => `uploads/external/${name}.pack`;
    const [named, orphan, fresh] = [pack(randomUUID()), pack(randomUUID()), pack(randomUUID())];
    for (const k of [named, orphan, fresh]) await t.storage.put(k, Buffer.from('pack'));
    for (const k of [named, orphan]) await age(k, 12);
    // A work whose import failed keeps its pack until the work is deleted.
    await t.db.insert(processingWorks).values({
      projectId: project.id,
      name: 'gc external',
      kind: 'external',
      task: 'od',
      status: 'error',
      saveDir: 'gcexternal',
      options: { label_type: 'coco', upload_key: named },
    });

    const result = await collectStorageGarbage(t.db, t.storage);
    expect(result.uploadPacks).toBe(1);
    const left = await t.keys();
    expect(left).toContain(named);
    expect(left).toContain(fresh);
    expect(left).not.toContain(orphan);
  });
});
