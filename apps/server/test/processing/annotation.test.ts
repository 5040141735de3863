// The annotation document API on real PostgreSQL: read, save with an optimistic revision, version-1
// JSON still loads, the class and target-region rules, and a labelled dataset trains without export
// (the materialiser turns drawn objects into od boxes and sg masks).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { materializeDataset } from '@sightline/jobs';
import { pngs, zip } from '../datasets/fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';

const t = setupDatasetApp();
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function upload(headers: Record<string, string>, projectId: number, name: string) {
  const imgs = await pngs(3, 9100);
  const id = await uploadDataset(t, headers, { project_id: projectId, name, type: 'cf' }, [
    {
      name: `${name}.zip`,
      data: await zip([
        { name: 'ok/a.png', data: imgs[0]! },
        { name: 'scratch/b.png', data: imgs[1]! },
        { name: 'c.png', data: imgs[2]! },
      ]),
    },
  ]);
  const detail = (await t.app.inject({ url: `/api/v2/datasets/${id}`, headers })).json().data;
  const images = (await t.app.inject({ url: `/api/v2/datasets/${id}/images?perPage=10`, headers })).json()
    .data.data as { id: string; file_name: string }[];
  const classes = Object.fromEntries(
    (detail.classes as { id: number; name: string }[]).map((c) => [c.name, c.id]),
  ) as Record<string, number>;
  return { id, images, classes };
}

describe('annotation document API', () => {
  it('reads, saves with a revision, refuses a stale revision and unknown classes', async () => {
    const { project, headers } = await projectWithMember(t);
    const ds = await upload(headers, project.id, 'annot1');
    const img = ds.images.find((i) => i.file_name === 'c.png')!;
    const url = `/api/v2/datasets/${ds.id}/images/${img.id}/annotation`;

    const first = await t.app.inject({ url, headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ rev: 0, width: 24, height: 24, edited: false });
    expect(first.json().data.document).toEqual({ version: 2, label: null, objects: [], regions: [] });

    const document = {
      version: 2,
      label: ds.classes.scratch,
      objects: [
        { id: 'r', classId: ds.classes.scratch, type: 'rectangle', x1: 2, y1: 2, x2: 12, y2: 10 },
        {
          id: 'p',
          classId: ds.classes.ok,
          type: 'polygon',
          points: [
            [0, 0],
            [6, 0],
            [6, 6],
          ],
        },
      ],
      regions: [{ id: 'z', x1: 0, y1: 0, x2: 20, y2: 20 }],
    };
    const saved = await t.app.inject({ method: 'PUT', url, headers, payload: { rev: 0, document } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ rev: 1, edited: true });
    const again = (await t.app.inject({ url, headers })).json().data;
    expect(again.rev).toBe(1);
    expect(again.document.label).toBe(ds.classes.scratch);
    expect(again.document.objects.map((o: { id: string; type: string }) => [o.id, o.type])).toEqual([
      ['r', 'rectangle'],
      ['p', 'polygon'],
    ]);
    expect(again.document.regions).toHaveLength(1);

    // A second writer with the old revision is refused.
    const stale = await t.app.inject({ method: 'PUT', url, headers, payload: { rev: 0, document } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('ANNOTATION_CONFLICT');

    const unknown = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...headers, 'x-locale': 'en' },
      payload: { rev: 1, document: { ...document, label: 999999 } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'ANNOTATION_CLASS_UNKNOWN',
      message: 'The class does not belong to this dataset.',
    });

    const regions = Array.from({ length: 11 }, (_, i) => ({ id: `z${i}`, x1: 0, y1: 0, x2: 5, y2: 5 }));
    const tooMany = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...headers, 'x-locale': 'en' },
      payload: { rev: 1, document: { ...document, regions } },
    });
    expect(tooMany.json().error).toMatchObject({
      code: 'TARGET_REGION_LIMIT',
      message: 'Target region limit of 10.',
    });

    // Version-1 JSON (no version field) still loads.
    const v1 = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        rev: 1,
        document: { classId: ds.classes.ok, boxes: [{ classId: ds.classes.ok, x1: 1, y1: 1, x2: 9, y2: 9 }] },
      },
    });
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json().data.document.objects[0]).toMatchObject({ type: 'rectangle', x2: 9 });

    // Another project's member sees nothing.
    const other = await projectWithMember(t);
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
  });

  it('trains without export: drawn objects become od boxes and sg masks', async () => {
    const { project, headers } = await projectWithMember(t);
    const ds = await upload(headers, project.id, 'annot2');
    const img = ds.images.find((i) => i.file_name === 'b.png')!;
    const url = `/api/v2/datasets/${ds.id}/images/${img.id}/annotation`;
    const document = {
      version: 2,
      label: ds.classes.scratch,
      objects: [
        {
          id: 'p',
          classId: ds.classes.scratch,
          type: 'polygon',
          points: [
            [2, 2],
            [12, 2],
            [12, 8],
            [2, 8],
          ],
        },
        { id: 'b', classId: ds.classes.ok, type: 'path', width: 2, points: [[20, 20]] },
        {
          id: 'e',
          classId: null,
          type: 'eraser',
          width: 2,
          points: [
            [2, 5],
            [12, 5],
          ],
        },
      ],
      regions: [],
    };
    const res = await t.app.inject({ method: 'PUT', url, headers, payload: { rev: 0, document } });
    expect(res.statusCode, res.body).toBe(200);
    const cacheDir = await mkdtemp(join(tmpdir(), 'sightline-annot-'));
    dirs.push(cacheDir);

    const od = await materializeDataset({ db: t.db, storage: t.storage, cacheDir }, ds.id, {
      purpose: 'train',
      task: 'od',
    });
    const item = od.dataset.items[od.imageIds.indexOf(img.id)]!;
    const names = od.dataset.classes.map((c) => c.name);
    expect(item.boxes).toEqual([
      { classIndex: names.indexOf('scratch'), x1: 2, y1: 2, x2: 12, y2: 8 },
      { classIndex: names.indexOf('ok'), x1: 19, y1: 19, x2: 21, y2: 21 },
    ]);

    const sg = await materializeDataset({ db: t.db, storage: t.storage, cacheDir }, ds.id, {
      purpose: 'train',
      task: 'sg',
    });
    const sgItem = sg.dataset.items[sg.imageIds.indexOf(img.id)]!;
    expect(sgItem.masks).toHaveLength(2);
    const scratch = sgItem.masks!.find((m) => m.classIndex === names.indexOf('scratch'))!;
    const { data, info } = await sharp(scratch.path)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([24, 24, 1]);
    const on = (x: number, y: number) => data[y * 24 + x]! > 0;
    expect(on(3, 3)).toBe(true);
    expect(on(3, 5)).toBe(false); // erased
    expect(on(13, 3)).toBe(false);
    let count = 0;
    for (const v of data) if (v) count++;
    expect(count).toBe(60 - 20);
  });
});
