// Click segmentation on the server: the default model's info, one image's embedding computed with
// onnxruntime-node as a float32 .npy and served from the storage cache the second time, access checks.
import { describe, expect, it } from 'vitest';
import { readNpy } from '@sightline/domain';
import { pngs, zip } from '../datasets/fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';

const t = setupDatasetApp();

describe('segment routes', () => {
  it('computes an image embedding once and serves it from the cache', async () => {
    const p = await projectWithMember(t);
    const imgs = await pngs(2, 4242);
    const z = await zip([
      { name: 'a/x.png', data: imgs[0]! },
      { name: 'b/y.png', data: imgs[1]! },
    ]);
    const datasetId = await uploadDataset(
      t,
      p.headers,
      { project_id: p.project.id, name: 'segset', type: 'cf' },
      [{ name: 'z.zip', data: z }],
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/datasets/${datasetId}/images`,
      headers: p.headers,
    });
    const imageId = list.json().data.data[0].id as string;

    const info = await t.app.inject({ method: 'GET', url: '/api/v2/segment/model', headers: p.headers });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ name: 'sightline-click-seg', input_size: 128, mask_size: 256 });
    expect(info.json().data.decoder_url).toMatch(/^\/models\/segment\/decoder\.onnx\?v=/);

    const url = `/api/v2/datasets/${datasetId}/images/${imageId}/segment-embedding`;
    const first = await t.app.inject({ method: 'GET', url, headers: p.headers });
    expect(first.statusCode, first.body).toBe(200);
    const emb = readNpy(first.rawPayload);
    expect(emb.shape).toEqual([1, 32, 32, 32]);
    expect(emb.data.every((v: number) => Number.isFinite(v))).toBe(true);
    const second = await t.app.inject({ method: 'GET', url, headers: p.headers });
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);

    const stranger = await projectWithMember(t);
    const denied = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
    expect(denied.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v2/datasets/${datasetId}/images/00000000-0000-4000-8000-000000000000/segment-embedding`,
      headers: p.headers,
    });
    expect(missing.statusCode).toBe(404);

    // A stored mask PNG of the image (what an sg import writes) is served to the workspace; keys
    // outside the image's folder and strangers are refused.
    const maskKey = `images/${imageId.toLowerCase()}/mask-0.png`;
    await t.storage.put(maskKey, imgs[1]!, { contentType: 'image/png' });
    const maskUrl = `/api/v2/datasets/${datasetId}/images/${imageId}/mask-file`;
    const mask = await t.app.inject({
      method: 'GET',
      url: maskUrl,
      query: { key: maskKey },
      headers: p.headers,
    });
    expect(mask.statusCode, mask.body).toBe(200);
    expect(mask.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(mask.rawPayload, imgs[1]!)).toBe(0);
    for (const key of [
      `images/${imageId}/original`,
      'images/00000000-0000-4000-8000-000000000000/mask-0.png',
    ])
      expect(
        (await t.app.inject({ method: 'GET', url: maskUrl, query: { key }, headers: p.headers })).statusCode,
      ).toBe(404);
    const strangerMask = await t.app.inject({
      method: 'GET',
      url: maskUrl,
      query: { key: maskKey },
      headers: stranger.headers,
    });
    expect(strangerMask.statusCode).toBe(404);
  });
});
