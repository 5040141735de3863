// Data processing end to end (issue 15, data half): run an augmentation from its page and open a
// transformed image with its boxes in the od workspace; unsupervised AI labeling into groups (needs the
// Python trainer); a COCO set and a YOLO set imported through the external labeling upload dialog and
// exported again as COCO and YOLO from the dataset page. Screenshots in e2e/screenshots/processing-data-*.
import { spawnSync } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import {
  apiSession,
  choose,
  E2E_BASE_URL,
  json,
  login,
  processingDone,
  screenshots,
  uploadDataset,
  zipNames,
  zipOf,
} from './helpers';

const shot = screenshots('processing-data-');
const W = 160;
const H = 120;
const suffix = Date.now().toString(36);
let api: APIRequestContext;
let headers: Record<string, string>;
let projectId: number;

/** A grey part with a dark square defect at a seed-dependent place (distinct bytes per seed). */
function part(seed: number): Promise<Buffer> {
  const px = Buffer.alloc(W * H, 170);
  const x0 = 20 + ((seed * 13) % 80);
  const y0 = 20 + ((seed * 7) % 50);
  for (let y = y0; y < y0 + 30; y++) px.fill(50, y * W + x0, y * W + x0 + 30);
  px[seed % (W * H)] = 0;
  return sharp(px, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
}
const boxOf = (seed: number) => {
  const x0 = 20 + ((seed * 13) % 80);
  const y0 = 20 + ((seed * 7) % 50);
  return [x0, y0, x0 + 30, y0 + 30] as const;
};

const yolo = (seed: number) => {
  const [x1, y1, x2, y2] = boxOf(seed);
  return `0 ${(x1 + x2) / 2 / W} ${(y1 + y2) / 2 / H} ${(x2 - x1) / W} ${(y2 - y1) / H}\n`;
};

const workByName = (name: string) =>
  processingDone<{ id: number; name: string; status: string; result_dataset_id: number | null }>(
    { api, headers, projectId },
    name,
  );

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  ({ api, headers, projectId } = await apiSession(
    playwright,
    'demo-user',
    test.info().project.use.baseURL ?? E2E_BASE_URL,
  ));
});

test('augmentation from its page; a transformed image opens with its boxes', async ({ page }) => {
  test.setTimeout(180_000);
  const items = [];
  for (let i = 0; i < 4; i++) {
    items.push({ name: `images/p${i}.png`, data: await part(i) });
    items.push({ name: `labels/p${i}.txt`, data: Buffer.from(yolo(i)) });
  }
  items.push({ name: 'classes.txt', data: Buffer.from('defect\n') });
  const src = `augsrc_${suffix}`;
  await uploadDataset(
    { api, headers, projectId },
    { name: src, type: 'od', fileName: 'aug.zip', zip: await zipOf(items) },
  );
  await login(page, 'demo-user');
  await page.goto('/train/processing/add/augmentation');
  await expect(page.getByTestId('augmentation-page')).toBeVisible();
  await choose(page, 'work-dataset', new RegExp(src));
  await page.getByTestId('work-name').fill(`aug ${suffix}`);
  await page.getByTestId('work-save-dir').fill(`aug_${suffix}`);
  await page.getByTestId('augmentation-copies').fill('2');
  await shot(page, 'augmentation-form');
  await page.getByTestId('augmentation-submit').click();
  await expect(page).toHaveURL(/\/train\/processing$/);
  const work = await workByName(`aug ${suffix}`);
  const imgs = await json<{ data: { id: string; file_name: string; augmented: boolean }[] }>(
    await api.get(`/api/v2/datasets/${work.result_dataset_id}/images`, { headers, params: { perPage: 100 } }),
    'images',
  );
  expect(imgs.data.filter((i) => i.augmented)).toHaveLength(8);
  const aug = imgs.data.find((i) => i.augmented)!;
  const doc = await json<{ document: { objects: { type: string }[] } }>(
    await api.get(`/api/v2/datasets/${work.result_dataset_id}/images/${aug.id}/annotation`, { headers }),
    'annotation',
  );
  expect(doc.document.objects.filter((o) => o.type === 'rectangle').length).toBeGreaterThan(0);
  await page.goto(`/train/processing/${work.id}/od`);
  await expect(page.getByTestId('workspace-od')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('object-count')).not.toHaveText('0', { timeout: 15_000 });
  await shot(page, 'augmented-boxes');
});

test('unsupervised AI labeling gives groups as classes', async ({ page }) => {
  const torch =
    spawnSync(process.env.SIGHTLINE_PYTHON ?? '/usr/bin/python3', ['-c', 'import torch'], { stdio: 'ignore' })
      .status === 0;
  test.skip(!torch, 'the grouping engine needs the Python trainer (python3-torch)');
  test.setTimeout(300_000);
  const items = [];
  for (let i = 0; i < 12; i++) items.push({ name: `u${i}.png`, data: await part(100 + i) });
  const src = `unlab_${suffix}`;
  await uploadDataset(
    { api, headers, projectId },
    { name: src, type: 'cf', fileName: 'u.zip', zip: await zipOf(items) },
  );
  await login(page, 'demo-user');
  await page.goto('/train/processing/add/ai');
  await choose(page, 'work-dataset', new RegExp(src));
  await page.getByTestId('work-name').fill(`groups ${suffix}`);
  await page.getByTestId('work-save-dir').fill(`groups_${suffix}`);
  await page.getByTestId('ai-class-count').fill('3');
  await page.getByTestId('ai-submit').click();
  await expect(page).toHaveURL(/\/train\/processing$/);
  const work = await workByName(`groups ${suffix}`);
  const ds = await json<{ classes: { name: string }[] }>(
    await api.get(`/api/v2/datasets/${work.result_dataset_id}`, { headers }),
    'dataset',
  );
  expect(ds.classes.map((c) => c.name).sort()).toEqual(['group_1', 'group_2', 'group_3']);
  await page.goto(`/train/dataset?id=${work.result_dataset_id}`);
  await expect(page.getByTestId('dataset-detail-page')).toBeVisible();
  // The grouped copies show their own thumbnails (copied under new ids), loaded before the screenshot.
  const thumbs = page.getByTestId('image-card').locator('img');
  await expect(thumbs).toHaveCount(12);
  await expect
    .poll(() =>
      thumbs.evaluateAll((imgs) =>
        imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
  await shot(page, 'groups');

  // The proposals are reviewed in the workspace, least sure first; the list offers the rerun dialog.
  await page.goto('/train/processing');
  const row = page
    .locator(`[data-testid="work-row"][data-name="groups ${suffix}"]`)
    .locator('xpath=ancestor::tr');
  await row.getByTestId('work-open').click();
  await expect(page.getByTestId('proposal-panel')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('proposal-row')).toHaveCount(12);
  const scores = await page
    .getByTestId('proposal-score')
    .allTextContents()
    .then((t) => t.map((s) => Number(s.replace('%', ''))));
  expect(scores).toEqual([...scores].sort((a, b) => a - b));
  await page.getByTestId('proposal-accept').first().click();
  await expect(page.getByTestId('proposal-row')).toHaveCount(11);
  await shot(page, 'proposals');
  await page.goto('/train/processing');
  await row.getByTestId('work-menu').click();
  await page.getByTestId('work-rerun').click();
  await expect(page.getByTestId('ai-rerun-confirm')).toBeVisible();
  await shot(page, 'rerun-dialog');
  await page.getByTestId('ai-rerun-confirm').click();
  await expect(page.getByTestId('ai-rerun-confirm')).toBeHidden();
  await workByName(`groups ${suffix}`);
});

test('COCO and YOLO sets imported by the external labeling upload export again', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo-user');
  const coco = {
    images: [0, 1, 2].map((i) => ({ id: i + 1, file_name: `c${i}.png`, width: W, height: H })),
    categories: [{ id: 1, name: 'defect' }],
    annotations: [0, 1, 2].map((i) => {
      const [x1, y1, x2, y2] = boxOf(200 + i);
      return { id: i + 1, image_id: i + 1, category_id: 1, bbox: [x1, y1, x2 - x1, y2 - y1] };
    }),
  };
  const cocoZip = await zipOf([
    ...(await Promise.all([0, 1, 2].map(async (i) => ({ name: `c${i}.png`, data: await part(200 + i) })))),
    { name: 'instances.json', data: Buffer.from(JSON.stringify(coco)) },
  ]);
  const sets = [
    {
      type: /COCO/,
      name: `cocoext_${suffix}`,
      files: [{ name: 'coco.zip', mimeType: 'application/zip', buffer: cocoZip }],
      format: /COCO/,
      label: 'annotations.json',
    },
    {
      type: /YOLO/,
      name: `yoloext_${suffix}`,
      files: [
        ...(await Promise.all(
          [0, 1].map(async (i) => ({
            name: `y${i}.png`,
            mimeType: 'image/png',
            buffer: await part(300 + i),
          })),
        )),
        ...[0, 1].map((i) => ({
          name: `y${i}.txt`,
          mimeType: 'text/plain',
          buffer: Buffer.from(yolo(300 + i)),
        })),
        { name: 'classes.txt', mimeType: 'text/plain', buffer: Buffer.from('defect\n') },
      ],
      format: /YOLO/,
      label: 'labels/y0.txt',
    },
  ];
  for (const s of sets) {
    await page.goto('/train/processing/add/ai');
    await page.getByTestId('external-open').click();
    await expect(page.getByTestId('external-name')).toBeVisible();
    await page.getByTestId('external-name').fill(`ext ${s.name}`);
    await page.getByTestId('external-dataset-name').fill(s.name);
    await choose(page, 'external-label-type', s.type);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('external-pick').click();
    await (await chooser).setFiles(s.files);
    await shot(page, `external-${s.name.split('_')[0]}`);
    await page.getByTestId('external-upload').click();
    await expect(page.getByTestId('external-name')).toBeHidden({ timeout: 30_000 });
    // The request stores the upload; its processing.data job imports it (the list follows it live).
    await page.goto('/train/processing');
    await workByName(`ext ${s.name}`);
    await expect(
      page
        .locator(`[data-testid="work-row"][data-name="ext ${s.name}"]`)
        .locator('xpath=ancestor::tr')
        .getByTestId('work-status'),
    ).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    const datasets = await json<{ data: { id: number; name: string }[] }>(
      await api.get('/api/v2/datasets', { headers, params: { project_id: projectId, perPage: 100 } }),
      'datasets',
    );
    const ds = datasets.data.find((d) => d.name === s.name)!;
    await page.goto(`/train/dataset?id=${ds.id}`);
    await expect(page.getByTestId('dataset-detail-page')).toBeVisible();
    await choose(page, 'export-format', s.format);
    await page.getByTestId('request-download').click();
    // The download modal opens; wait for the export job through the API, then read the zip.
    let file: Buffer | null = null;
    for (let i = 0; i < 120 && !file; i++) {
      const list = await json<{
        data: { status: string; download_path: string | null; work_name: string }[];
      }>(
        await api.get('/api/v2/download/request', {
          headers,
          params: { project_id: projectId, page: 1, perPage: 10 },
        }),
        'downloads',
      );
      const row = list.data.find((r) => r.work_name === s.name && r.status === 'success' && r.download_path);
      if (row) file = Buffer.from(await (await api.get(row.download_path!, { headers })).body());
      else await new Promise((r) => setTimeout(r, 500));
    }
    expect(file, `export of ${s.name}`).not.toBeNull();
    const names = await zipNames(file!);
    expect(names.some((n) => n.endsWith(s.label))).toBe(true);
    expect(names.filter((n) => /\/images\/.+\.png$/.test(n)).length).toBe(
      s.files.filter((f) => f.name.endsWith('.png')).length || 3,
    );
  }
  await shot(page, 'export');
});
