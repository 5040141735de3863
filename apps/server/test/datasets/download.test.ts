// Download requests: a dataset request queues a real pg-boss job; the export body (what the worker's
// dataset.export handler runs) builds the zip in storage; the list derives its fields; the file is
// served at /{code}/download/{username}/{job_id}/{file_name} to its owner or a project admin only,
// and the cleanup removes it after the expiry date.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { downloadRequests } from '@sightline/db';
import { JobRepository } from '@sightline/db';
import { exportDatasetZip } from '@sightline/jobs';
import { DownloadRepository } from '@sightline/db';
import { cleanupExpiredDownloads } from '@sightline/jobs';
import { DownloadService } from '../../src/features/download/download.service';
import { ProjectAccess } from '../../src/common/project-access';
import { DATASET_ACCESS } from '../../src/features/dataset/dataset.module';
import { JobService } from '@sightline/jobs';
import { pngs, zip } from './fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from './harness';

const t = setupDatasetApp({ jobs: true });

function zipEntries(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zf) => {
      if (err) return reject(err);
      const names: string[] = [];
      zf.on('entry', (e) => {
        names.push(e.fileName);
        zf.readEntry();
      });
      zf.on('end', () => resolve(names.sort()));
      zf.readEntry();
    }),
  );
}

async function setup() {
  const p = await projectWithMember(t);
  const imgs = await pngs(3, 9000 + Math.floor(Math.random() * 1e5));
  const z = await zip([
    { name: 'f1/ok/a.png', data: imgs[0]! },
    { name: 'f1/dent/b.png', data: imgs[1]! },
    { name: 'c.png', data: imgs[2]! },
  ]);
  const datasetId = await uploadDataset(
    t,
    p.headers,
    { project_id: p.project.id, name: 'exportme', type: 'cf' },
    [{ name: 'z.zip', data: z }],
  );
  return { ...p, datasetId };
}

/** What the worker does for dataset.export, driven here in-process on the same database and storage. */
async function runExport(jobId: string, datasetId: number) {
  const jobs = new JobRepository(t.db);
  const result = await exportDatasetZip({
    db: t.db,
    storage: t.storage,
    jobId,
    datasetId,
    progress: (p, m) => jobs.progress(jobId, p, m),
  });
  await jobs.finish(jobId, 'succeeded', 'done', result);
  return result;
}

const list = async (headers: object, projectId: number, tab = 'download') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v2/${tab === 'output' ? 'output/' : ''}download/request?project_id=${projectId}&page=1&perPage=10`,
      headers: headers as Record<string, string>,
    })
  ).json().data;

describe('download requests', () => {
  it('queues a job, lists it in progress, then as a finished file that downloads as a zip', async () => {
    const { project, headers, datasetId, user } = await setup();
    const req = await t.app.inject({
      method: 'POST',
      url: '/api/v2/download/request',
      headers,
      payload: { project_id: project.id, dataset_id: datasetId },
    });
    expect(req.statusCode, req.body).toBe(200);
    const jobId = req.json().data.job_id;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v2/download/request',
      headers,
      payload: { project_id: project.id, dataset_id: datasetId },
    });
    expect(again.json().data.job_id).toBe(jobId);

    const before = await list(headers, project.id);
    expect(before.total).toBe(1);
    expect(before.data[0]).toMatchObject({
      job_id: jobId,
      file_name: null,
      status: 'progress',
      progress: 0,
      work_name: 'exportme',
      file_count: 2,
      download_path: null,
      days_remaining: 3,
    });
    expect(before.data[0].origin_files.split(',').sort()).toEqual(['f1', 'z']);
    expect(Date.parse(before.data[0].expired_date) - Date.parse(before.data[0].created_at)).toBe(
      3 * 24 * 3600 * 1000,
    );
    expect(before.data[0].origin_path).toBe(`project/${project.code}/data/exportme`);

    const result = await runExport(jobId, datasetId);
    expect(result).toMatchObject({ file_name: 'exportme.zip', images: 3 });
    const after = (await list(headers, project.id)).data[0];
    expect(after).toMatchObject({ status: 'success', progress: 100, file_name: 'exportme.zip' });
    expect(
      after.download_path.startsWith(`/${project.code}/download/${user.username}/${jobId}/exportme.zip?t=`),
    ).toBe(true);

    // Opened in a new tab: no header, the signed token in the path.
    const file = await t.app.inject({ method: 'GET', url: after.download_path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('exportme.zip');
    expect(await zipEntries(file.rawPayload)).toEqual(
      ['classes.json', 'f1/dent/b.png', 'f1/ok/a.png', 'z/Unclassified/c.png'].sort(),
    );
  });

  it('serves the file only to its owner or an admin of the project', async () => {
    const { project, headers, datasetId, user, company } = await setup();
    const jobId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/download/request',
        headers,
        payload: { project_id: project.id, dataset_id: datasetId },
      })
    ).json().data.job_id;
    await runExport(jobId, datasetId);
    const bare = `/${project.code}/download/${user.username}/${jobId}/exportme.zip`;
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: bare, headers })).statusCode).toBe(200);
    const colleague = await t.factory.user({
      roleId: 4,
      companyId: company.id,
      projects: { [project.id]: [1] },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: bare, headers: await t.loginAs(colleague) })).statusCode,
    ).toBe(404);
    // The colleague's list does not show someone else's request, and their token does not open it.
    expect((await list(await t.loginAs(colleague), project.id)).total).toBe(0);
    const companyAdmin = await t.factory.user({ roleId: 3, companyId: company.id });
    expect(
      (await t.app.inject({ method: 'GET', url: bare, headers: await t.loginAs(companyAdmin) })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/${project.code}/download/someone/${jobId}/exportme.zip`,
          headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/${project.code}/download/${user.username}/${jobId}/other.zip`,
          headers,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('expires after 3 days: the file answers 410, and the cleanup removes file and row', async () => {
    const { project, headers, datasetId, user } = await setup();
    const jobId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/download/request',
        headers,
        payload: { project_id: project.id, dataset_id: datasetId, folder_ids: undefined },
      })
    ).json().data.job_id;
    await runExport(jobId, datasetId);
    expect(await t.storage.stat(`downloads/${jobId}.zip`)).not.toBeNull();
    await t.db
      .update(downloadRequests)
      .set({ createdAt: sql`now() - interval '4 days'`, expiresAt: sql`now() - interval '1 day'` })
      .where(eq(downloadRequests.jobId, jobId));
    const item = (await list(headers, project.id)).data[0];
    expect(item.days_remaining).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: `/${project.code}/download/${user.username}/${jobId}/exportme.zip`,
      headers: { ...headers, 'x-locale': 'en' },
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('DOWNLOAD_EXPIRED');
    expect(await cleanupExpiredDownloads(new DownloadRepository(t.db), t.storage)).toBe(1);
    expect(await t.storage.stat(`downloads/${jobId}.zip`)).toBeNull();
    expect((await list(headers, project.id)).total).toBe(0);
  });

  it('lists result downloads in the output tab with the default origin path rule', async () => {
    const { project, headers, datasetId, user, company } = await setup();
    const service = new DownloadService(
      t.db,
      new DownloadRepository(t.db),
      new ProjectAccess(t.db, DATASET_ACCESS),
      new JobService(t.deps.database, t.deps.queue),
      t.storage,
      t.deps.media,
    );
    const actor = {
      id: user.id,
      roleId: 4 as const,
      companyId: company.id,
      projectPermissions: { [project.id]: [1 as const] },
    };
    await service.createOutput(actor, {
      projectId: project.id,
      datasetId,
      workName: 'inspect-1',
      usageTypeCode: 'test',
      workOutput: 'out_a',
    });
    await service.createOutput(actor, {
      projectId: project.id,
      datasetId,
      folderIds: [],
      workName: 'train-1',
      usageTypeCode: 'train',
      workOutput: 'out_b',
      originPath: undefined,
    });
    const out = await list(headers, project.id, 'output');
    expect(out.total).toBe(2);
    const paths = out.data.map((d: { origin_path: string }) => d.origin_path).sort();
    expect(paths).toEqual([
      `project/${project.code}/data/inference/out_a`,
      `project/${project.code}/data/train/out_b`,
    ]);
    expect((await list(headers, project.id)).total).toBe(0);
  });

  it('refuses a dataset of another project and users without access', async () => {
    const a = await setup();
    const b = await projectWithMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/download/request',
      headers: b.headers,
      payload: { project_id: b.project.id, dataset_id: a.datasetId },
    });
    expect(res.statusCode).toBe(404);
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/v2/download/request',
      headers: b.headers,
      payload: { project_id: a.project.id, dataset_id: a.datasetId },
    });
    expect(res2.statusCode).toBe(404);
  });
});
