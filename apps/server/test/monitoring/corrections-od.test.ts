// Corrections of an od line become an od dataset: an overkill (judged NG, truly OK) is a confirmed image
// without boxes; a truly NG image keeps the model's boxes as pre-labels (renamed to the reviewer's class,
// clamped to the image), unconfirmed; an escape (judged OK, truly NG) has no boxes, unconfirmed; a
// confirmed judgement is not a correction. The inspections are written as the API stores them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { projectWithMember, setupDatasetApp } from '../datasets/harness';
import { insertDoneLearning } from '../evaluation/fixtures';

const t = setupDatasetApp({ config: { productName: 'cloud' } });
const OD_CLASSES = [
  { index: 0, name: 'scratch', ok: false },
  { index: 1, name: 'dent', ok: false },
];

let dir: string;
let h: Record<string, string>;
let lineId: number;
let deploymentId: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-od-corr-'));
  await writeFile(join(dir, 'manifest.json'), '{}');
  await writeFile(join(dir, 'model.onnx'), 'not used here');
  const p = await projectWithMember(t);
  const manager = await t.factory.user({
    roleId: 4,
    companyId: p.company.id,
    projects: { [p.project.id]: [1, 2] },
    managerOf: [p.project.id],
  });
  h = { ...(await t.loginAs(manager)), 'x-locale': 'en' };
  lineId = (await t.factory.line(p.project.id, { code: 'LINE-OD' })).id;
  const model = await insertDoneLearning(t.db, t.storage, {
    projectId: p.project.id,
    name: 'od-model',
    modelDir: dir,
    task: 'od',
    classes: OD_CLASSES,
  });
  const dep = await t.app.inject({
    method: 'POST',
    url: '/api/v2/monitoring/deployments',
    payload: { line_id: lineId, model_id: model, threshold: 0.5 },
    headers: h,
  });
  expect(dep.statusCode, dep.body).toBe(201);
  deploymentId = dep.json().data.id;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An inspection as the API stores it (original in storage), sampled and verified. */
async function inspection(
  serial: string,
  grey: number,
  judged: 'OK' | 'NG',
  boxes: { class_name: string; x1: number; y1: number; x2: number; y2: number }[],
  truth: 'OK' | 'NG',
  verifiedClass: string | null,
) {
  const id = randomUUID();
  const key = `inspections/${lineId}/2026-01-01/${id}-original`;
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: grey, g: grey, b: grey } },
  })
    .png()
    .toBuffer();
  await t.storage.put(key, png, { contentType: 'image/png' });
  const result = { boxes: boxes.map((b) => ({ ...b, score: 0.9 })) };
  await t.db.execute(sql`
    INSERT INTO inspections (id, line_id, deployment_id, serial_number, judgement, class_name, score, result,
      original_key, prediction_key, sampled_at, verified_judgement, verified_class, verified_at)
    VALUES (${id}, ${lineId}, ${deploymentId}, ${serial}, ${judged}, ${boxes[0]?.class_name ?? null}, 0.9,
      ${JSON.stringify(result)}::jsonb, ${key}, ${`${key}-prediction.jpg`}, now(), ${truth}, ${verifiedClass}, now())`);
}

it('turns an od line corrections into an od dataset with boxes as pre-labels', async () => {
  const scratch = { class_name: 'scratch', x1: 10, y1: 10, x2: 30, y2: 30 };
  await inspection('OD-OVERKILL', 40, 'NG', [scratch], 'OK', null);
  await inspection(
    'OD-RECLASS',
    80,
    'NG',
    [scratch, { class_name: 'scratch', x1: 50, y1: 40, x2: 90, y2: 70 }],
    'NG',
    'dent',
  );
  await inspection('OD-ESCAPE', 120, 'OK', [], 'NG', 'scratch');
  await inspection('OD-CONFIRMED', 160, 'NG', [scratch], 'NG', null); // not a correction

  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/monitoring/lines/${lineId}/corrections-dataset`,
    headers: h,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { dataset_id, images } = res.json().data;
  expect(images).toBe(3);
  const ds = await t.db.execute<{ type: string; purpose: string }>(
    sql`SELECT type, purpose FROM datasets WHERE id = ${dataset_id}`,
  );
  expect(ds.rows[0]).toEqual({ type: 'od', purpose: 'preprocessing' });
  const rows = await t.db.execute<{
    original_name: string;
    confirmed: boolean;
    class_id: number | null;
    boxes: unknown;
  }>(sql`
    SELECT i.original_name, i.confirmed, i.class_id,
      coalesce(json_agg(json_build_object('cls', c.name, 'g', o.geometry) ORDER BY o.id)
        FILTER (WHERE o.id IS NOT NULL), '[]') AS boxes
    FROM dataset_images i
    LEFT JOIN image_objects o ON o.image_id = i.id
    LEFT JOIN dataset_classes c ON c.id = o.class_id
    WHERE i.dataset_id = ${dataset_id}
    GROUP BY i.id ORDER BY i.original_name`);
  expect(rows.rows).toEqual([
    { original_name: 'OD-ESCAPE', confirmed: false, class_id: null, boxes: [] },
    { original_name: 'OD-OVERKILL', confirmed: true, class_id: null, boxes: [] },
    {
      original_name: 'OD-RECLASS',
      confirmed: false,
      class_id: null,
      boxes: [
        { cls: 'dent', g: { x1: 10, y1: 10, x2: 30, y2: 30 } },
        { cls: 'dent', g: { x1: 50, y1: 40, x2: 64, y2: 48 } }, // clamped to the 64×48 image
      ],
    },
  ]);
  const classes = await t.db.execute<{ name: string }>(
    sql`SELECT name FROM dataset_classes WHERE dataset_id = ${dataset_id} ORDER BY sort_order`,
  );
  expect(classes.rows.map((c) => c.name)).toEqual(['scratch', 'dent']);
});
