// The download path on S3 storage (s3rver): the export zip is written to and served from the bucket.
import { describe, expect, it } from 'vitest';
import { JobRepository } from '@sightline/db';
import { exportDatasetZip } from '@sightline/jobs';
import { pngs } from './fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from './harness';

const t = setupDatasetApp({ jobs: true, storage: 's3', config: { imageBaseUrl: 'https://files.example' } });

describe('download on S3 storage', () => {
  it('exports to the bucket and serves the zip; the config names the image base', async () => {
    const { project, headers } = await projectWithMember(t);
    const imgs = await pngs(3, 42_000);
    const datasetId = await uploadDataset(
      t,
      headers,
      { project_id: project.id, name: 's3set', type: 'od', folder: 'cam' },
      imgs.map((d, i) => ({ name: `i${i}.png`, data: d })),
    );
    const jobId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/download/request',
        headers,
        payload: { project_id: project.id, dataset_id: datasetId },
      })
    ).json().data.job_id;
    const jobs = new JobRepository(t.db);
    const result = await exportDatasetZip({
      db: t.db,
      storage: t.storage,
      jobId,
      datasetId,
      progress: (p) => jobs.progress(jobId, p),
    });
    await jobs.finish(jobId, 'succeeded', 'done', result);
    expect(await t.keys()).toContain(`downloads/${jobId}.zip`);
    const item = (
      await t.app.inject({ method: 'GET', url: `/api/v2/download/request?project_id=${project.id}`, headers })
    ).json().data.data[0];
    const file = await t.app.inject({ method: 'GET', url: item.download_path });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(result.size);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.image_base).toBe('https://files.example');
  });
});
