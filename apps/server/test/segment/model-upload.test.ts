// Admin upload of a SAM-compatible encoder/decoder pair (SPEC §7 model files, §8 load errors): the
// pair is checked with onnxruntime-node (loads, inputs/outputs fit together), stored, and then used for
// embeddings and served to the browser instead of the default; broken or mismatched pairs are refused
// with their coded texts and change nothing. Fixtures: fixtures/make-tiny-pair.py (a few KB each).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNpy } from '@sightline/domain';
import { pngs, zip } from '../datasets/fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';

const t = setupDatasetApp();
const fx = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

function form(files: Record<string, { name: string; data: Buffer }>, fields: Record<string, string> = {}) {
  const boundary = `----seg${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [field, f] of Object.entries(files))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('segment model upload', () => {
  it('validates, stores and uses an uploaded pair; refuses broken ones; resets to the default', async () => {
    const admin = await t.factory.user({ roleId: 1, companyId: null });
    const adminH = { ...(await t.loginAs(admin)), 'accept-language': 'en' };
    const p = await projectWithMember(t);
    const encoder = { name: 'encoder.onnx', data: fx('tiny-encoder.onnx') };
    const decoder = { name: 'decoder.onnx', data: fx('tiny-decoder.onnx') };
    const post = (body: ReturnType<typeof form>, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/segment/model',
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });

    // Only a system admin may replace the model.
    expect((await post(form({ encoder, decoder }), p.headers)).statusCode).toBe(403);

    // Broken, incomplete and mismatched pairs: coded 400s with their texts, nothing stored.
    const broken = await post(
      form({ encoder: { name: 'encoder.onnx', data: randomBytes(300) }, decoder }),
      adminH,
    );
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().error.code).toBe('SEGMENT_ONNX_LOAD');
    expect(broken.json().error.message).toMatch(/onnx file could not be loaded/);
    const missing = await post(form({ encoder }), adminH);
    expect(missing.json().error).toMatchObject({ code: 'SEGMENT_MODEL_FILES', field: 'decoder' });
    const notOnnx = await post(
      form({ encoder: { name: 'encoder.npy', data: encoder.data }, decoder }),
      adminH,
    );
    expect(notOnnx.json().error.code).toBe('SEGMENT_MODEL_FILES');
    const mismatch = await post(
      form({ encoder, decoder: { name: 'decoder.onnx', data: fx('tiny-decoder-c8.onnx') } }),
      adminH,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe('SEGMENT_MODEL_SHAPE');
    expect(mismatch.json().error.message).toMatch(/embedding \[1,4,8,8\]/);
    const swapped = await post(form({ encoder: decoder, decoder: encoder }), adminH);
    expect(swapped.json().error.code).toBe('SEGMENT_MODEL_SHAPE');
    const still = await t.app.inject({ method: 'GET', url: '/api/v2/segment/model', headers: p.headers });
    expect(still.json().data).toMatchObject({ source: 'default', input_size: 128 });

    // A good pair: stored, and every user now gets it.
    const ok = await post(form({ encoder, decoder }, { name: 'tiny-sam' }), adminH);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      name: 'tiny-sam',
      source: 'uploaded',
      input_size: 32,
      mask_size: 16,
      embedding: [1, 4, 8, 8],
    });
    const info = await t.app.inject({ method: 'GET', url: '/api/v2/segment/model', headers: p.headers });
    const url = info.json().data.decoder_url as string;
    expect(url).toMatch(/^\/api\/v2\/segment\/models\/[0-9a-f]{24}\/decoder\.onnx$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, decoder.data)).toBe(0);

    // The server computes embeddings with the uploaded encoder.
    const imgs = await pngs(1, 77);
    const datasetId = await uploadDataset(
      t,
      p.headers,
      { project_id: p.project.id, name: 'seg-up', type: 'cf' },
      [{ name: 'z.zip', data: await zip([{ name: 'a/x.png', data: imgs[0]! }]) }],
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/datasets/${datasetId}/images`,
      headers: p.headers,
    });
    const imageId = list.json().data.data[0].id as string;
    const emb = await t.app.inject({
      method: 'GET',
      url: `/api/v2/datasets/${datasetId}/images/${imageId}/segment-embedding`,
      headers: p.headers,
    });
    expect(emb.statusCode, emb.body).toBe(200);
    expect(readNpy(emb.rawPayload).shape).toEqual([1, 4, 8, 8]);

    // Back to the default pair.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v2/segment/model', headers: p.headers })).statusCode,
    ).toBe(403);
    const reset = await t.app.inject({ method: 'DELETE', url: '/api/v2/segment/model', headers: adminH });
    expect(reset.json().data).toMatchObject({ source: 'default', input_size: 128 });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
