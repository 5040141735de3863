// Label export through the download requests: a COCO set and a YOLO set imported by the dataset upload
// come back out as YOLO, Pascal VOC and COCO zips that the same readers read to the same boxes (within a
// pixel); sg objects (imported masks, drawn polygons, inline rle masks with holes, brush and eraser strokes)
// come out as one mask PNG
// per class per image; a format the dataset type cannot take is refused with its message.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { datasetClasses, datasetImages, imageObjects, JobRepository, jobs as jobsTable } from '@sightline/db';
import { exportDatasetZip } from '@sightline/jobs';
import { encodeRle, type ExportFormat } from '@sightline/domain';
import { readDataset, type VisionDataset } from '@sightline/vision';
import { zip, type ZipItem } from '../datasets/fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from '../datasets/harness';

const t = setupDatasetApp({ jobs: true });
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function img(seed: number, w = 64, h = 48): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3, (seed * 37) % 256);
  raw.writeUInt32BE(seed >>> 0, 0);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

async function upload(headers: object, fields: Record<string, string | number>, items: ZipItem[]) {
  return uploadDataset(t, { ...(headers as Record<string, string>), 'x-locale': 'en' }, fields, [
    { name: 'set.zip', data: await zip(items) },
  ]);
}

/** Requests a download with labels, runs the export body as the worker would, unzips it into a folder. */
async function exportAs(headers: object, projectId: number, datasetId: number, format: ExportFormat) {
  const req = await t.app.inject({
    method: 'POST',
    url: '/api/v2/download/request',
    headers: headers as Record<string, string>,
    payload: { project_id: projectId, dataset_id: datasetId, format },
  });
  expect(req.statusCode, req.body).toBe(200);
  const jobId = req.json().data.job_id as string;
  const jobs = new JobRepository(t.db);
  const [job] = await t.db.select().from(jobsTable).where(eq(jobsTable.id, jobId));
  expect((job!.payload as { format?: string }).format).toBe(format);
  const result = await exportDatasetZip({
    db: t.db,
    storage: t.storage,
    jobId,
    datasetId,
    format,
    progress: (p, m) => jobs.progress(jobId, p, m),
  });
  const obj = await t.storage.get(result.key);
  const chunks: Buffer[] = [];
  for await (const c of obj!.stream) chunks.push(c as Buffer);
  const dir = await mkdtemp(join(tmpdir(), `sightline-export-${format}-`));
  dirs.push(dir);
  await unzipTo(Buffer.concat(chunks), dir);
  return dir;
}

function unzipTo(buf: Buffer, dir: string): Promise<void> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zf) => {
      if (err) return reject(err);
      zf.on('entry', (e: yauzl.Entry) => {
        zf.openReadStream(e, (err2, rs) => {
          if (err2) return reject(err2);
          const chunks: Buffer[] = [];
          rs.on('data', (c: Buffer) => chunks.push(c));
          rs.on('end', () => {
            const dest = join(dir, e.fileName);
            mkdir(dirname(dest), { recursive: true })
              .then(() => writeFile(dest, Buffer.concat(chunks)))
              .then(() => zf.readEntry(), reject);
          });
        });
      });
      zf.on('end', () => resolve());
      zf.readEntry();
    }),
  );
}

type Named = Record<string, [string, number, number, number, number][]>;
function named(ds: VisionDataset): Named {
  return Object.fromEntries(
    ds.items.map((it) => [
      it.path.split('/').pop()!,
      (it.boxes ?? [])
        .map(
          (b) =>
            [ds.classes[b.classIndex]!.name, b.x1, b.y1, b.x2, b.y2] as [
              string,
              number,
              number,
              number,
              number,
            ],
        )
        .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]),
    ]),
  );
}
function expectWithinPixel(got: Named, want: Named) {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const [file, boxes] of Object.entries(want)) {
    expect(got[file]!.map((b) => b[0])).toEqual(boxes.map((b) => b[0]));
    got[file]!.forEach((b, i) =>
      b
        .slice(1)
        .forEach((v, j) =>
          expect(Math.abs((v as number) - (boxes[i]![j + 1] as number))).toBeLessThanOrEqual(1),
        ),
    );
  }
}

const COCO_BOXES: Named = {
  'a.png': [
    ['crack', 4.5, 6, 30.25, 20],
    ['dent', 40, 10, 63, 47],
  ],
  'b.png': [['crack', 0, 0, 12, 12]],
  'c.png': [],
};

describe('od label export', () => {
  it('a COCO import exports as COCO, YOLO and Pascal VOC with the same boxes within a pixel', async () => {
    const { project, headers } = await projectWithMember(t);
    const files = Object.keys(COCO_BOXES);
    const coco = {
      images: files.map((f, i) => ({ id: i + 1, file_name: f, width: 64, height: 48 })),
      categories: [
        { id: 3, name: 'crack' },
        { id: 5, name: 'dent' },
      ],
      annotations: files.flatMap((f, i) =>
        COCO_BOXES[f]!.map(([n, x1, y1, x2, y2]) => ({
          image_id: i + 1,
          category_id: n === 'crack' ? 3 : 5,
          bbox: [x1, y1, x2 - x1, y2 - y1],
        })),
      ),
    };
    const datasetId = await upload(headers, { project_id: project.id, name: 'cocoset', type: 'od' }, [
      ...(await Promise.all(files.map(async (f, i) => ({ name: `images/${f}`, data: await img(i + 1) })))),
      { name: 'annotations.json', data: Buffer.from(JSON.stringify(coco)) },
    ]);
    for (const format of ['coco', 'yolo', 'voc'] as const) {
      const dir = await exportAs(headers, project.id, datasetId, format);
      const back = await readDataset('od', join(dir, 'set'));
      expect(back.classes.map((c) => c.name)).toEqual(['crack', 'dent']);
      expectWithinPixel(named(back), COCO_BOXES);
    }
  });

  it('a YOLO import exports as YOLO with classes.txt in class order', async () => {
    const { project, headers } = await projectWithMember(t);
    const datasetId = await upload(headers, { project_id: project.id, name: 'yoloset', type: 'od' }, [
      { name: 'images/a.png', data: await img(11) },
      { name: 'images/b.png', data: await img(12) },
      { name: 'labels/a.txt', data: Buffer.from('1 0.5 0.5 0.25 0.5\n0 0.25 0.25 0.125 0.25\n') },
      { name: 'classes.txt', data: Buffer.from('scratch\ndent\n') },
    ]);
    const dir = await exportAs(headers, project.id, datasetId, 'yolo');
    const back = await readDataset('od', join(dir, 'set'));
    expect(back.classes.map((c) => c.name)).toEqual(['scratch', 'dent']);
    expectWithinPixel(named(back), {
      'a.png': [
        ['dent', 24, 12, 40, 36],
        ['scratch', 12, 6, 20, 18],
      ],
      'b.png': [],
    });
  });

  it('refuses a format the dataset type cannot take, with its message', async () => {
    const { project, headers } = await projectWithMember(t);
    const od = await upload(headers, { project_id: project.id, name: 'odplain', type: 'od' }, [
      { name: 'a.png', data: await img(21) },
    ]);
    const cf = await upload(headers, { project_id: project.id, name: 'cfplain', type: 'cf' }, [
      { name: 'ok/a.png', data: await img(22) },
    ]);
    for (const [datasetId, format] of [
      [od, 'masks'],
      [cf, 'yolo'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/download/request',
        headers: { ...headers, 'x-locale': 'en' },
        payload: { project_id: project.id, dataset_id: datasetId, format },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'EXPORT_FORMAT_INVALID',
        field: 'format',
        message: 'This dataset type cannot be exported in that format.',
      });
    }
  });
});

describe('sg mask export', () => {
  it('writes one PNG per class per image from masks, polygons, brush and eraser strokes', async () => {
    const { project, headers } = await projectWithMember(t);
    const top = Buffer.alloc(64 * 48, 0);
    top.fill(255, 0, 64 * 10);
    const mask = await sharp(top, { raw: { width: 64, height: 48, channels: 1 } })
      .png()
      .toBuffer();
    const datasetId = await upload(headers, { project_id: project.id, name: 'sgset', type: 'sg' }, [
      { name: 'images/p.png', data: await img(31) },
      { name: 'masks/rust/p.png', data: mask },
    ]);
    const [image] = await t.db.select().from(datasetImages).where(eq(datasetImages.datasetId, datasetId));
    const [rust] = await t.db.select().from(datasetClasses).where(eq(datasetClasses.datasetId, datasetId));
    const [hole] = await t.db
      .insert(datasetClasses)
      .values({ datasetId, name: 'hole', color: '#00ff00', sortOrder: 1 })
      .returning();
    await t.db.insert(imageObjects).values([
      {
        imageId: image!.id,
        classId: hole!.id,
        kind: 'polygon',
        geometry: {
          points: [
            [30, 20],
            [50, 20],
            [50, 40],
            [30, 40],
          ],
          oid: 'p1',
        },
      },
      {
        imageId: image!.id,
        classId: rust!.id,
        kind: 'path',
        geometry: {
          points: [
            [0, 45],
            [63, 45],
          ],
          width: 2,
          oid: 'b1',
        },
      },
      {
        imageId: image!.id,
        classId: null,
        kind: 'eraser',
        geometry: {
          points: [
            [0, 5],
            [63, 5],
          ],
          width: 2,
          oid: 'e1',
        },
      },
      {
        // An inline mask drawn in the workspace: a 10 × 10 square at (2, 25) with a 3 × 3 hole.
        imageId: image!.id,
        classId: hole!.id,
        kind: 'rle',
        geometry: {
          x: 2,
          y: 25,
          w: 10,
          h: 10,
          counts: encodeRle(
            Array.from({ length: 100 }, (_, i) => (i % 10 >= 4 && i % 10 < 7 && i >= 40 && i < 70 ? 0 : 1)),
          ),
          erasable: true,
          oid: 'm1',
        },
      },
    ]);
    const dir = await exportAs(headers, project.id, datasetId, 'masks');
    const back = await readDataset('sg', join(dir, 'set'));
    expect(back.classes.map((c) => c.name).sort()).toEqual(['hole', 'rust']);
    const pixels = async (cls: string) =>
      sharp(join(dir, 'set', 'masks', cls, 'p.png'))
        .extractChannel(0)
        .raw()
        .toBuffer();
    const r = await pixels('rust');
    expect(r[2 * 64 + 10]).toBe(255); // imported mask
    expect(r[5 * 64 + 10]).toBe(0); // erased
    expect(r[45 * 64 + 10]).toBe(255); // brush
    expect(r[30 * 64 + 10]).toBe(0);
    const h = await pixels('hole');
    expect(h[30 * 64 + 40]).toBe(255);
    expect(h[2 * 64 + 10]).toBe(0);
    expect(h[26 * 64 + 3]).toBe(255); // inline mask
    expect(h[30 * 64 + 7]).toBe(0); // its hole
    expect(back.items[0]!.path.endsWith('images/p.png')).toBe(true);
  });
});
