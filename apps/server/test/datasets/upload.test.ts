// Dataset upload through the HTTP API on real PostgreSQL and local-disk storage: zips keep their
// folders (cf class folders become classes), loose files, duplicates, name cleaning, limits, quota.
import { describe, expect, it } from 'vitest';
import { png, pngs, zip } from './fixtures';
import { postUpload, projectWithMember, setupDatasetApp } from './harness';

const t = setupDatasetApp();

const upload = (
  headers: object,
  fields: Record<string, string | number | undefined>,
  files: { name: string; data: Buffer }[],
) => postUpload(t, headers, fields, files);

describe('dataset upload', () => {
  it('creates a cf dataset from a zip: folders become folders, class folders become classes', async () => {
    const { project, headers } = await projectWithMember(t);
    const [a, b, c, d] = await pngs(4, 100);
    const z = await zip([
      { name: 'line1/ok/a.png', data: a! },
      { name: 'line1/scratch/b.png', data: b! },
      { name: 'line2/ok/c.png', data: c! },
      { name: 'dent/d.png', data: d! },
      { name: '__MACOSX/line1/._a.png', data: Buffer.from('junk') },
    ]);
    const res = await upload(headers, { project_id: project.id, name: 'bolts', type: 'cf' }, [
      { name: 'bolts set.zip', data: z },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json().data;
    expect(out).toMatchObject({ created: true, stored: 4, duplicates: [] });
    expect(out.folders.sort()).toEqual(['boltsset', 'line1', 'line2']);
    expect(out.classes.sort()).toEqual(['dent', 'ok', 'scratch']);

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${out.dataset_id}`, headers })
    ).json().data;
    expect(detail).toMatchObject({
      name: 'bolts',
      type: 'cf',
      image_count: 4,
      folder_count: 3,
      class_count: 3,
      locked: false,
    });
    expect(detail.classes.find((c: { name: string }) => c.name === 'ok').image_count).toBe(2);
    expect(detail.class_problems).toContain('CLASS_OK_NG_REQUIRED');
    // 4 originals + 4 thumbnails, nothing else.
    expect((await t.keys()).filter((k) => k.startsWith('images/'))).toHaveLength(8);
  });

  it('lists, pages and serves images with caching headers only to project users', async () => {
    const { project, headers, company } = await projectWithMember(t);
    const imgs = await pngs(35, 200);
    const res = await upload(
      headers,
      { project_id: project.id, name: 'grid', type: 'od', folder: 'cam1' },
      imgs.map((d, i) => ({ name: `img${i}.png`, data: d })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.dataset_id;
    const page1 = (
      await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${id}/images`, headers })
    ).json().data;
    expect(page1.total).toBe(35);
    expect(page1.data).toHaveLength(30);
    const page2 = (
      await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${id}/images?page=2`, headers })
    ).json().data;
    expect(page2.data).toHaveLength(5);
    const img = page1.data[0];
    expect(img).toMatchObject({
      width: 24,
      height: 24,
      channels: 3,
      format: 'png',
      edited: false,
      confirmed: false,
    });
    expect(img.hash).toMatch(/^[0-9a-f]{64}$/);

    // The signed URL works without a header (an <img src>), with private caching.
    const thumb = await t.app.inject({ method: 'GET', url: img.thumb_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toContain('private');
    expect(thumb.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: img.thumb_url,
      headers: { 'if-none-match': String(thumb.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const original = await t.app.inject({ method: 'GET', url: img.original_url });
    expect(original.rawPayload.equals(imgs.find((b) => original.rawPayload.equals(b))!)).toBe(true);

    // Without a token: a Bearer header of a project user works, another project's user gets 404.
    const bare = `/api/v2/images/${img.id}/thumb`;
    expect((await t.app.inject({ method: 'GET', url: bare, headers })).statusCode).toBe(200);
    const other = await t.factory.user({ roleId: 4, companyId: company.id });
    expect(
      (await t.app.inject({ method: 'GET', url: bare, headers: await t.loginAs(other) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${bare}?t=1.99999999999.${'a'.repeat(32)}` })).statusCode,
    ).toBe(404);
    // A token of one dataset does not open another dataset's image.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${id}`, headers: await t.loginAs(other) }))
        .statusCode,
    ).toBe(404);
  });

  it('adds loose files to an existing dataset: duplicates reported, names cleaned, folder duplicate refused', async () => {
    const { project, headers } = await projectWithMember(t);
    const [a, b, c] = await pngs(3, 300);
    const first = await upload(
      headers,
      { project_id: project.id, name: 'parts', type: 'sg', folder: 'day1' },
      [{ name: 'a.png', data: a! }],
    );
    const id = first.json().data.dataset_id;
    const second = await upload(headers, { project_id: project.id, dataset_id: id, folder: 'day2' }, [
      { name: '불량 b(1).PNG', data: b! },
      { name: 'again.png', data: a! },
      { name: 'c.png', data: c! },
      { name: 'c-copy.png', data: c! },
    ]);
    expect(second.statusCode, second.body).toBe(201);
    const out = second.json().data;
    expect(out).toMatchObject({ created: false, stored: 2 });
    expect(out.duplicates).toEqual(
      expect.arrayContaining([
        { file_name: 'again.png', duplicate_of: 'a.png' },
        { file_name: 'c-copy.png', duplicate_of: 'c.png' },
      ]),
    );
    expect(out.renamed).toEqual([{ original: '불량 b(1).PNG', file_name: 'b1.png' }]);
    const again = await upload(headers, { project_id: project.id, dataset_id: id, folder: 'Day1' }, [
      { name: 'x.png', data: (await png(399))! },
    ]);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'FOLDER_NAME_INVALID' });
    expect(again.json().error.message).toContain('Day1');
  });

  it('requires name, type and file, and refuses a dataset name that exists', async () => {
    const { project, headers } = await projectWithMember(t);
    const a = await png(400);
    const noName = await upload(headers, { project_id: project.id, type: 'od' }, [
      { name: 'a.png', data: a },
    ]);
    expect(noName.json().error.code).toBe('DATASET_NAME_REQUIRED');
    const noType = await upload(headers, { project_id: project.id, name: 'x1' }, [
      { name: 'a.png', data: a },
    ]);
    expect(noType.json().error.code).toBe('DATASET_TYPE_REQUIRED');
    const noFile = await upload(headers, { project_id: project.id, name: 'x1', type: 'od' }, []);
    expect(noFile.json().error.code).toBe('FILE_REQUIRED');
    const badName = await upload(headers, { project_id: project.id, name: 'x 1', type: 'od' }, [
      { name: 'a.png', data: a },
    ]);
    expect(badName.json().error.code).toBe('DATASET_NAME_INVALID');
    expect(
      (
        await upload(headers, { project_id: project.id, name: 'taken', type: 'od' }, [
          { name: 'a.png', data: a },
        ])
      ).statusCode,
    ).toBe(201);
    const dup = await upload(headers, { project_id: project.id, name: 'TAKEN', type: 'od' }, [
      { name: 'b.png', data: await png(401) },
    ]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'DATASET_NAME_EXISTS',
      message: '이미 존재하는 데이터셋 이름입니다.',
    });
  });

  it('enforces the project upload limit and shows the remaining count', async () => {
    const { project, headers } = await projectWithMember(t, { imageUploadLimit: 3 });
    const q0 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/datasets/upload/quota?project_id=${project.id}`,
        headers,
      })
    ).json().data;
    expect(q0).toEqual({ remaining: 3, limit: 3, used: 0, per_upload: null, trial: false });
    const imgs = await pngs(4, 500);
    const over = await upload(
      headers,
      { project_id: project.id, name: 'lim', type: 'od' },
      imgs.map((d, i) => ({ name: `i${i}.png`, data: d })),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('UPLOAD_LIMIT_EXCEEDED');
    expect(over.json().error.message).toContain('3');
    const ok = await upload(
      headers,
      { project_id: project.id, name: 'lim', type: 'od' },
      imgs.slice(0, 2).map((d, i) => ({ name: `i${i}.png`, data: d })),
    );
    expect(ok.statusCode).toBe(201);
    const q1 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/datasets/upload/quota?project_id=${project.id}`,
        headers: { ...headers, 'x-locale': 'en' },
      })
    ).json().data;
    expect(q1).toMatchObject({ remaining: 1, used: 2 });
  });

  it('limits trial accounts to 3000 images per upload before decoding anything', async () => {
    const { project, headers } = await projectWithMember(t, { trial: true });
    const q = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/datasets/upload/quota?project_id=${project.id}`,
        headers,
      })
    ).json().data;
    expect(q).toMatchObject({ trial: true, per_upload: 3000 });
    const tiny = Buffer.from('x');
    const z = await zip(
      Array.from({ length: 3001 }, (_, i) => ({ name: `f/${i}.png`, data: tiny, store: true })),
    );
    const res = await upload(headers, { project_id: project.id, name: 'trial', type: 'od' }, [
      { name: 'many.zip', data: z },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'TRIAL_UPLOAD_LIMIT' });
    expect(res.json().error.message).toContain('3000');
  });

  it('refuses users without the training permission in the project', async () => {
    const { project, company } = await projectWithMember(t);
    const monitorOnly = await t.factory.user({
      roleId: 4,
      companyId: company.id,
      projects: { [project.id]: [2] },
    });
    const res = await upload(
      await t.loginAs(monitorOnly),
      { project_id: project.id, name: 'no', type: 'od' },
      [{ name: 'a.png', data: await png(600) }],
    );
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/datasets?project_id=${project.id}`,
      headers: await t.loginAs(monitorOnly),
    });
    expect(list.statusCode).toBe(403);
  });
});
