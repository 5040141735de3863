// Hostile and broken uploads, on local disk and on S3 (s3rver): each is refused with a message naming
// the file, and the dataset and the storage are exactly as before (no rows, no objects left behind).
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { png, pngs, renameInZip, setDeclaredSize, zip } from './fixtures';
import {
  postUpload,
  projectWithMember,
  setupDatasetApp,
  uploadDataset,
  type DatasetTestApp,
} from './harness';

const env = {
  UPLOAD_MAX_BYTES: String(6 * 1024 * 1024),
  UPLOAD_MAX_IMAGE_BYTES: String(1024 * 1024),
  UPLOAD_MAX_ZIP_ENTRIES: '60',
  UPLOAD_MAX_EXPANDED_BYTES: String(20 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: String(1_000_000),
};

function badInputSuite(kind: 'local' | 's3') {
  describe(`bad uploads (${kind} storage)`, () => {
    const t: DatasetTestApp = setupDatasetApp({ storage: kind, env });
    let ctx: { project: { id: number }; headers: Record<string, string>; datasetId: number };

    const upload = (
      fields: Record<string, string | number | undefined>,
      files: { name: string; data: Buffer }[],
    ) => postUpload(t, { ...ctx.headers, 'x-locale': 'en' }, fields, files);

    /** Uploads into the existing dataset and expects a refusal that names `file`; nothing changes. */
    async function expectRefused(
      files: { name: string; data: Buffer }[],
      code: string,
      file: string,
      fields: Record<string, string> = {},
    ) {
      const before = await t.keys();
      const detailBefore = (
        await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${ctx.datasetId}`, headers: ctx.headers })
      ).json().data;
      const res = await upload({ project_id: ctx.project.id, dataset_id: ctx.datasetId, ...fields }, files);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toContain(file);
      expect(await t.keys()).toEqual(before);
      const detailAfter = (
        await t.app.inject({ method: 'GET', url: `/api/v2/datasets/${ctx.datasetId}`, headers: ctx.headers })
      ).json().data;
      expect(detailAfter).toEqual(detailBefore);
    }

    it('starts from a dataset with one folder and two images', async () => {
      const p = await projectWithMember(t);
      const [a, b] = await pngs(2, 1000);
      const datasetId = await uploadDataset(
        t,
        p.headers,
        { project_id: p.project.id, name: 'base', type: 'cf', folder: 'start' },
        [
          { name: 'ok/a.png', data: a! },
          { name: 'b.png', data: b! },
        ],
      );
      ctx = { project: p.project, headers: p.headers, datasetId };
      expect((await t.keys()).length).toBe(4);
      // Served back from this storage, original byte for byte.
      const imgs = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/datasets/${ctx.datasetId}/images`,
          headers: p.headers,
        })
      ).json().data.data;
      expect((await t.app.inject({ method: 'GET', url: imgs[0].thumb_url })).statusCode).toBe(200);
      const original = await t.app.inject({ method: 'GET', url: imgs[0].original_url });
      expect([a, b].some((x) => x!.equals(original.rawPayload))).toBe(true);
    });

    it('refuses a corrupt image after others were already stored, and removes what was stored', async () => {
      const good = await pngs(8, 1100);
      const truncated = (await png(1199, 64)).subarray(0, 60);
      const z = await zip([
        ...good.map((d, i) => ({ name: `batch/g${i}.png`, data: d })),
        { name: 'batch/broken.png', data: truncated },
      ]);
      await expectRefused([{ name: 'set.zip', data: z }], 'IMAGE_CORRUPT', 'set.zip: batch/broken.png');
    });

    it('refuses an entry that is larger than its header says, after others were stored', async () => {
      const good = await pngs(8, 1500);
      const liar = await png(1599, 200);
      const z = await zip([
        ...good.map((d, i) => ({ name: `l/g${i}.png`, data: d })),
        { name: 'l/liar.png', data: liar },
      ]);
      await expectRefused(
        [{ name: 'liar.zip', data: setDeclaredSize(z, 'l/liar.png', 100) }],
        'ZIP_BOMB',
        'liar.zip: l/liar.png',
      );
      // A stored entry whose two sizes disagree is caught while reading the directory.
      const stored = await zip([{ name: 's/liar.png', data: liar, store: true }]);
      await expectRefused(
        [{ name: 'stored.zip', data: setDeclaredSize(stored, 's/liar.png', 100) }],
        'ZIP_BOMB',
        'stored.zip',
      );
    });

    it('refuses non-images, by extension and by content', async () => {
      await expectRefused([{ name: 'notes.txt', data: Buffer.from('hello') }], 'NOT_AN_IMAGE', 'notes.txt');
      await expectRefused(
        [{ name: 'fake.png', data: Buffer.from('this is not a png at all') }],
        'NOT_AN_IMAGE',
        'fake.png',
      );
      const z = await zip([
        { name: 'd/a.png', data: await png(1200) },
        { name: 'd/readme.md', data: Buffer.from('x') },
      ]);
      await expectRefused([{ name: 'mixed.zip', data: z }], 'NOT_AN_IMAGE', 'mixed.zip: d/readme.md');
    });

    it('refuses zip bombs: compression ratio, expanded size and entry count', async () => {
      const ratio = await zip([{ name: 'r/zeros.png', data: Buffer.alloc(5 * 1024 * 1024) }]);
      await expectRefused([{ name: 'ratio.zip', data: ratio }], 'ZIP_BOMB', 'ratio.zip');
      const big = await zip([{ name: 'b/zeros.png', data: Buffer.alloc(21 * 1024 * 1024) }]);
      await expectRefused([{ name: 'expand.zip', data: big }], 'ZIP_BOMB', 'expand.zip');
      const many = await zip(
        Array.from({ length: 61 }, (_, i) => ({ name: `m/${i}.png`, data: Buffer.from([i]) })),
      );
      await expectRefused([{ name: 'many.zip', data: many }], 'ZIP_TOO_MANY_ENTRIES', 'many.zip');
    });

    it('refuses path traversal, absolute paths and symlinks in zip entries', async () => {
      const img = await png(1300);
      const trav = renameInZip(await zip([{ name: 'xx/evil.png', data: img }]), 'xx/evil.png', '../evil.png');
      await expectRefused([{ name: 'trav.zip', data: trav }], 'ZIP_UNSAFE_PATH', '../evil.png');
      const abs = renameInZip(await zip([{ name: 'zetc/x.png', data: img }]), 'zetc/x.png', '/etc/x.png');
      await expectRefused([{ name: 'abs.zip', data: abs }], 'ZIP_UNSAFE_PATH', '/etc/x.png');
      const drive = renameInZip(await zip([{ name: 'Cq/x.png', data: img }]), 'Cq/x.png', 'C:/x.png');
      await expectRefused([{ name: 'drive.zip', data: drive }], 'ZIP_UNSAFE_PATH', 'C:/x.png');
      const link = await zip([{ name: 'l/link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
      await expectRefused([{ name: 'link.zip', data: link }], 'ZIP_SYMLINK', 'link.zip: l/link.png');
    });

    it('refuses huge files, huge images and a huge request', async () => {
      const noise = await sharp({
        create: {
          width: 700,
          height: 700,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(1024 * 1024);
      await expectRefused([{ name: 'noise.png', data: noise }], 'FILE_TOO_LARGE', 'noise.png');
      const z = await zip([{ name: 'n/noise.png', data: noise }]);
      await expectRefused([{ name: 'noise.zip', data: z }], 'FILE_TOO_LARGE', 'noise.zip: n/noise.png');
      const wide = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
      await expectRefused([{ name: 'wide.png', data: wide }], 'FILE_TOO_LARGE', 'wide.png');
      const res = await upload({ project_id: ctx.project.id, dataset_id: ctx.datasetId }, [
        { name: 'x.zip', data: Buffer.alloc(7 * 1024 * 1024, 1) },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('UPLOAD_TOO_LARGE');
    });

    it('refuses names that break the rules and folders nested too deeply', async () => {
      const img = await png(1400);
      await expectRefused([{ name: '불량.png', data: img }], 'FILE_NAME_INVALID', '불량.png');
      const cls = await zip([{ name: 'scratch2/a.png', data: img }]);
      await expectRefused([{ name: 'cls.zip', data: cls }], 'CLASS_FOLDER_NAME_INVALID', 'scratch2');
      const deep = await zip([{ name: 'a/b/c/x.png', data: img }]);
      await expectRefused([{ name: 'deep.zip', data: deep }], 'FOLDER_TOO_DEEP', 'deep.zip: a/b/c/x.png');
      const space = await zip([{ name: 'my dir/ok/x.png', data: img }]);
      await expectRefused([{ name: 'space.zip', data: space }], 'FOLDER_NAME_INVALID', 'my dir');
      await expectRefused([{ name: 'a.png', data: img }], 'FOLDER_NAME_INVALID', 'start', {
        folder: 'start',
      });
    });

    it('refuses a file that is not a zip at all', async () => {
      await expectRefused(
        [{ name: 'junk.zip', data: Buffer.from('PK\u0003\u0004 definitely not a zip') }],
        'ZIP_INVALID',
        'junk.zip',
      );
    });
  });
}

badInputSuite('local');
badInputSuite('s3');
