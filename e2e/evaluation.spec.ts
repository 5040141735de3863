// Performance evaluation and compare end to end (issue 14, web part): models are trained through the API
// on a generated class-folder set (the learning spec shows training in the browser); then, in the browser,
// a model is evaluated on a held-back dataset and its confusion matrix read (cell → image dialog), the ad
// threshold slider is moved and the judgements change with no request, and two models are compared.
// Screenshots at 1280×768: evaluation-cf, evaluation-ad, compare.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  apiSession,
  algorithmId,
  json,
  login,
  rng,
  screenshots,
  train,
  uploadDataset,
  waitDone,
  zipOf,
  type ApiCtx,
  type ZipEntry,
} from './helpers';

const CLASSES = ['good', 'scratch', 'stain'] as const;
const TRAIN_PER_CLASS = 36;
const EVAL_PER_CLASS = 12;
const RUN = Date.now().toString(36);
const MODEL_A = `e2e_cf_a_${RUN}`;
const MODEL_B = `e2e_cf_b_${RUN}`;
const MODEL_AD = `e2e_ad_${RUN}`;
const EVAL_SET = `e2e_eval_${RUN}`;

/** A 64 px grey part with a class-specific defect at a random place (every image differs). */
async function makeImage(cls: string, seed: number): Promise<Buffer> {
  const r = rng(seed);
  const at = (lo: number, hi: number) => Math.round(lo + r() * (hi - lo));
  const shade = at(150, 190);
  const defect =
    cls === 'scratch'
      ? `<line x1="${at(6, 24)}" y1="${at(6, 58)}" x2="${at(40, 58)}" y2="${at(6, 58)}" stroke="#1e1e1e" stroke-width="3"/>`
      : cls === 'stain'
        ? `<ellipse cx="${at(18, 46)}" cy="${at(18, 46)}" rx="${at(8, 12)}" ry="${at(5, 9)}" fill="#3a3a3a" opacity="0.8"/>`
        : '';
  const dots = Array.from(
    { length: 4 },
    () => `<circle cx="${at(0, 64)}" cy="${at(0, 64)}" r="1" fill="#777"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
    <rect width="64" height="64" fill="rgb(${shade},${shade},${shade})"/>${dots}${defect}</svg>`;
  return sharp(Buffer.from(svg)).grayscale().png().toBuffer();
}

async function buildZip(perClass: number, seedBase: number): Promise<Buffer> {
  const files: ZipEntry[] = [];
  let n = seedBase;
  for (const cls of CLASSES)
    for (let i = 0; i < perClass; i++)
      files.push([`${cls}/${cls}_${seedBase}_${i}.png`, await makeImage(cls, ++n)]);
  return zipOf(files);
}

const shot = screenshots();

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

let ctx: ApiCtx;
let evalSetId = 0;
let adModelId = 0;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(900_000);
  ctx = await apiSession(playwright, 'demo-user');

  const trainSet = await uploadDataset(ctx, {
    name: `e2e_train_${RUN}`,
    type: 'cf',
    purpose: 'preprocessing',
    zip: await buildZip(TRAIN_PER_CLASS, 1000),
  });
  evalSetId = await uploadDataset(ctx, {
    name: EVAL_SET,
    type: 'cf',
    purpose: 'evaluation',
    zip: await buildZip(EVAL_PER_CLASS, 5000),
  });
  const cf = await algorithmId(ctx, 'cf-resnet');
  const ad = await algorithmId(ctx, 'ad-patchknn');
  const small = { epochs: 4, inputSize: 64, batchSize: 16 };
  // One training at a time per worker: they queue and finish one after another.
  const a = await train(ctx, { dataset_id: trainSet, name: MODEL_A, algorithm_id: cf, params: small });
  const b = await train(ctx, {
    dataset_id: trainSet,
    name: MODEL_B,
    algorithm_id: cf,
    params: { ...small, epochs: 2 },
  });
  adModelId = await train(ctx, {
    dataset_id: trainSet,
    name: MODEL_AD,
    algorithm_id: ad,
    params: { epochs: 2, inputSize: 64 },
    ok_classes: ['good'],
  });
  for (const id of [a, b, adModelId]) await waitDone(ctx, `/api/v2/learnings/${id}`, 600_000);
});

test.afterAll(async () => {
  await ctx?.api.dispose();
});

test('evaluate a model on a held-back dataset and read its confusion matrix', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, 'demo-user');
  await page.goto('/train/inference');
  await expect(page.getByTestId('evaluation-list-page')).toBeVisible();
  await page.getByTestId('add-evaluation').click();
  await expect(page.getByTestId('evaluation-add-page')).toBeVisible();

  // Model select dialog: only done models; pick model A.
  await page.getByTestId('open-model-select').click();
  const dialog = page.getByTestId('model-select-dialog');
  await dialog.getByTestId('model-search').fill(MODEL_A);
  await dialog.locator(`[data-testid="model-row"][data-model-name="${MODEL_A}"]`).click();
  await dialog.getByTestId('model-select-confirm').click();
  await expect(page.getByTestId('chosen-model')).toContainText(MODEL_A);

  // Dataset of purpose evaluation, then start.
  await page.getByTestId('evaluation-dataset').click();
  await page.getByRole('option', { name: new RegExp(EVAL_SET) }).click();
  await page.getByTestId('evaluation-name').fill(`eval_cf_${RUN}`);
  await page.getByTestId('submit-evaluation').click();
  await expect(page.getByTestId('evaluation-detail-page')).toBeVisible();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'done', {
    timeout: 240_000,
  });

  // The result: the confusion matrix counts every held-back image.
  await page.getByTestId('open-result').click();
  await expect(page.getByTestId('evaluation-result-page')).toBeVisible();
  const cells = page.getByTestId('confusion-cell');
  await expect(cells).toHaveCount(CLASSES.length * CLASSES.length);
  const counts = (await cells.allTextContents()).map(Number);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(CLASSES.length * EVAL_PER_CLASS);
  const diagonal = CLASSES.reduce((s, _, i) => s + counts[i * CLASSES.length + i]!, 0);
  const accuracy = `${((diagonal / (CLASSES.length * EVAL_PER_CLASS)) * 100).toFixed(1)}%`;
  await expect(page.getByTestId('metric-accuracy')).toHaveText(accuracy);
  await expect(page.getByTestId('per-class-table')).toContainText('scratch');
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  await shot(page, 'evaluation-cf');

  // A cell → the confusion matrix result dialog with exactly that cell's images → the image dialog.
  const idx = counts.findIndex((v, i) => v > 0 && i % (CLASSES.length + 1) !== 0);
  const pick = idx >= 0 ? idx : counts.findIndex((v) => v > 0);
  await cells.nth(pick).click();
  const cellDialog = page.getByTestId('cell-images-dialog');
  await expect(cellDialog.getByTestId('result-card')).toHaveCount(Math.min(30, counts[pick]!));
  const actual = CLASSES[Math.floor(pick / CLASSES.length)]!;
  await expect(cellDialog.getByTestId('result-card').first()).toContainText(`${actual} →`);
  await shot(page, 'evaluation-cf-cell');
  await cellDialog.getByTestId('result-card').first().locator('button').click();
  await expect(page.getByTestId('result-viewer').getByTestId('result-image')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Result download: the request is created and the download-request list opens.
  const asked = page.waitForResponse((r) => /\/api\/v2\/evaluations\/\d+\/download$/.test(r.url()));
  await page.getByTestId('result-download').click();
  expect((await asked).status()).toBe(201);
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('download-cancel-note') });
  await expect(modal).toBeVisible();
  await modal.getByTestId('download-tab-result').click();
  await expect(modal.getByTestId('download-row').first()).toBeVisible();
});

test('move the ad threshold slider and see the judgements change', async ({ page }) => {
  test.setTimeout(300_000);
  const created = await json<{ id: number }>(
    await ctx.api.post('/api/v2/evaluations', {
      headers: ctx.headers,
      data: { model_id: adModelId, dataset_id: evalSetId, name: `eval_ad_${RUN}` },
    }),
    'ad evaluation',
  );
  await waitDone(ctx, `/api/v2/evaluations/${created.id}`, 240_000);

  await login(page, 'demo-user');
  await page.goto(`/train/inference/${created.id}/result/ad`);
  await expect(page.getByTestId('threshold-panel')).toBeVisible();
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  const judged = () =>
    page
      .getByTestId('result-card')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.predicted));
  const before = await judged();
  const escapeBefore = await page.getByTestId('escape-rate').textContent();

  // Drag the slider to its low end: everything scoring above it turns NG, live, with no request.
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/')) requests++;
  });
  const slider = page.getByTestId('threshold-slider');
  const box = (await slider.boundingBox())!;
  const thumb = slider.getByRole('slider');
  const t = (await thumb.boundingBox())!;
  await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(t.x + ((box.x + 2 - t.x) * i) / 10, t.y + t.height / 2);
  await expect.poll(judged).not.toEqual(before);
  expect(requests).toBe(0);
  await page.mouse.up();
  const after = await judged();
  expect(after.filter((v) => v === '1').length).toBeGreaterThan(before.filter((v) => v === '1').length);
  await expect(
    page.locator('[data-testid="result-card"][data-outline="threshold-diff-ng"]').first(),
  ).toBeVisible();
  await expect(page.getByTestId('overkill-rate')).not.toHaveText('0.0%');
  test.info().annotations.push({
    type: 'escape rate',
    description: `${escapeBefore} → ${await page.getByTestId('escape-rate').textContent()}`,
  });

  // Typed threshold at the top: everything OK, the NG images now escape.
  await page.getByTestId('threshold-input').fill('1');
  await expect(page.getByTestId('escape-rate')).toHaveText('100.0%');
  await expect(page.locator('[data-testid="result-card"][data-outline="threshold-diff-ng"]')).toHaveCount(0);
  // Between the OK and NG scores: some images change their judgement against the stored threshold.
  const mid = await page.getByTestId('result-score').evaluateAll((els) => {
    const s = els.map((e) => Number(e.textContent)).sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)]!;
  });
  await page.getByTestId('threshold-input').fill(mid.toFixed(3));
  await expect(page.getByTestId('score-histogram')).toBeVisible();
  await expect(page.getByTestId('roc-curve')).toBeVisible();
  await shot(page, 'evaluation-ad');
  await page.getByTestId('result-grid').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, -120);
  await shot(page, 'evaluation-ad-grid');
});

test('compare two models', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, 'demo-user');
  await page.goto('/train/inference');
  await page.getByTestId('open-compare').click();
  await expect(page.getByTestId('compare-list-page')).toBeVisible();
  await page.getByTestId('add-compare').click();
  const add = page.getByTestId('compare-add-dialog');
  await add.getByTestId('open-compare-models').click();
  const picker = page.getByTestId('model-select-dialog');
  await picker.getByTestId('model-search').fill(`e2e_cf_`);
  await picker.locator(`[data-testid="model-row"][data-model-name="${MODEL_A}"]`).click();
  await picker.locator(`[data-testid="model-row"][data-model-name="${MODEL_B}"]`).click();
  await picker.getByTestId('model-select-confirm').click();
  await expect(add.getByTestId('compare-model-chip')).toHaveCount(2);
  await expect(add.getByTestId('class-match')).toBeVisible();
  await add.getByTestId('compare-dataset').click();
  await page.getByRole('option', { name: new RegExp(EVAL_SET) }).click();
  await add.getByTestId('submit-compare').click();

  await expect(page.getByTestId('compare-detail-page')).toBeVisible();
  await expect(
    page.getByTestId('compare-detail-page').getByTestId('evaluation-status').first(),
  ).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
  const metrics = page.getByTestId('compare-metrics');
  await expect(metrics).toContainText(MODEL_A);
  await expect(metrics).toContainText(MODEL_B);
  await expect(page.getByTestId('compare-row-accuracy')).toContainText('%');
  await expect(page.getByTestId('disagreement-grid')).toBeVisible();
  await shot(page, 'compare');
});
