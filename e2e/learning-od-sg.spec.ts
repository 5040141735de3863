// Small od and sg models end to end (issue 14, "train and evaluate small od, sg and ad models"; ad is in
// evaluation.spec.ts): annotated zips in the layouts packages/vision reads (od: images/ + labels/ YOLO txt +
// classes.txt; sg: images/ + masks/<class>/) are generated and uploaded, a tiny model of each is trained
// through the API; then, in the browser, each model page shows its curves and validation metrics, each model
// is evaluated on an evaluation-purpose dataset through the add page, and the result page shows what a user
// reads: od predicted and true boxes over the images, per-class AP and mAP@0.5 / @0.5:0.95; sg mask
// overlays and per-class IoU / Dice — the numbers on the page are the API's.
// Screenshots at 1280×768: learning-od-model, evaluation-od, learning-sg-model, evaluation-sg.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiSession,
  E2E_BASE_URL,
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

const SIZE = 64;
const OD_CLASSES = ['dent', 'spot'] as const;
const SG_CLASSES = ['scratch', 'stain'] as const;
const TRAIN_IMAGES = 40;
const EVAL_IMAGES = 10;
const RUN = Date.now().toString(36);
const OD_MODEL = `e2e_od_${RUN}`;
const SG_MODEL = `e2e_sg_${RUN}`;
const OD_EVAL_SET = `e2e_od_eval_${RUN}`;
const SG_EVAL_SET = `e2e_sg_eval_${RUN}`;

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
const svgOf = (body: string, bg: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">` +
  `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>${body}</svg>`;

/** od (YOLO): a grey part with a dark square dent and/or a bright round spot, one txt line per box. */
async function odZip(count: number, seedBase: number): Promise<Buffer> {
  const files: ZipEntry[] = [['classes.txt', `${OD_CLASSES.join('\n')}\n`]];
  for (let i = 0; i < count; i++) {
    const r = rng(seedBase + i);
    const at = (lo: number, hi: number) => Math.round(lo + r() * (hi - lo));
    const shade = at(140, 170);
    const lines: string[] = [];
    let body = '';
    // Dent in the left half, spot in the right half, so the two never overlap; most images have both.
    const kinds = i % 4 === 0 ? [0] : i % 4 === 1 ? [1] : [0, 1];
    for (const k of kinds) {
      const s = at(12, 18);
      const x = k === 0 ? at(2, 30 - s) : at(34, 62 - s);
      const y = at(2, 62 - s);
      body +=
        k === 0
          ? `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="#202020"/>`
          : `<circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 2}" fill="#f4f4f4"/>`;
      const f = (v: number) => (v / SIZE).toFixed(5);
      lines.push(`${k} ${f(x + s / 2)} ${f(y + s / 2)} ${f(s)} ${f(s)}`);
    }
    const stem = `od_${seedBase}_${i}`;
    files.push([`images/${stem}.png`, await png(svgOf(body, `rgb(${shade},${shade},${shade})`))]);
    files.push([`labels/${stem}.txt`, `${lines.join('\n')}\n`]);
  }
  return zipOf(files);
}

/** sg: a grey part with a dark scratch band and/or a dark round stain; masks/<class>/<stem>.png white there. */
async function sgZip(count: number, seedBase: number): Promise<Buffer> {
  const files: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng(seedBase + i);
    const at = (lo: number, hi: number) => Math.round(lo + r() * (hi - lo));
    const shade = at(150, 180);
    const stem = `sg_${seedBase}_${i}`;
    const shapes: string[] = [];
    if (i % 3 !== 2) {
      const y = at(6, 22);
      const shape = `<rect x="${at(4, 14)}" y="${y}" width="${at(36, 46)}" height="${at(6, 9)}" fill="#fff"/>`;
      shapes.push(shape);
      files.push([`masks/scratch/${stem}.png`, await png(svgOf(shape, '#000'))]);
    } else shapes.push('');
    if (i % 3 !== 0) {
      const shape = `<circle cx="${at(18, 46)}" cy="${at(42, 50)}" r="${at(8, 11)}" fill="#fff"/>`;
      shapes.push(shape);
      files.push([`masks/stain/${stem}.png`, await png(svgOf(shape, '#000'))]);
    }
    const body = shapes.join('').replaceAll('#fff', '#262626');
    files.push([`images/${stem}.png`, await png(svgOf(body, `rgb(${shade},${shade},${shade})`))]);
  }
  return zipOf(files);
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const shot = screenshots();

interface Learning {
  id: number;
  history: unknown[];
  validation: Record<string, unknown> | null;
  metrics: Record<string, number>;
}
type PerClass = { name: string } & Record<string, number | string>;
interface Evaluation {
  id: number;
  image_count: number;
  detail: { task: string; perClass: PerClass[] } & Record<string, unknown>;
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

let ctx: ApiCtx;
const sets = { odEval: 0, sgEval: 0 };
const models = { od: 0, sg: 0 };

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(600_000);
  ctx = await apiSession(playwright, 'demo-user', info.project.use.baseURL ?? E2E_BASE_URL);

  const upload = async (
    name: string,
    type: 'od' | 'sg',
    purpose: 'preprocessing' | 'evaluation',
    zip: Buffer,
  ) => uploadDataset(ctx, { name, type, purpose, zip });
  const odTrain = await upload(`e2e_od_train_${RUN}`, 'od', 'preprocessing', await odZip(TRAIN_IMAGES, 100));
  const sgTrain = await upload(`e2e_sg_train_${RUN}`, 'sg', 'preprocessing', await sgZip(TRAIN_IMAGES, 300));
  sets.odEval = await upload(OD_EVAL_SET, 'od', 'evaluation', await odZip(EVAL_IMAGES, 700));
  sets.sgEval = await upload(SG_EVAL_SET, 'sg', 'evaluation', await sgZip(EVAL_IMAGES, 900));
  // The smallest sensible models: whole 64 px images (scale 1), a narrow network, a few epochs. They queue
  // on the one worker and finish one after another.
  const small = { epochs: 6, inputSize: 64, scale: 1, width: 8, batchSize: 8, patience: 12, valSplit: 0.2 };
  models.od = await train(ctx, {
    dataset_id: odTrain,
    name: OD_MODEL,
    algorithm_id: await algorithmId(ctx, 'od-centernet'),
    params: { ...small, epochs: 12 },
  });
  models.sg = await train(ctx, {
    dataset_id: sgTrain,
    name: SG_MODEL,
    algorithm_id: await algorithmId(ctx, 'sg-unet'),
    params: small,
  });
  for (const id of [models.od, models.sg]) await waitDone(ctx, `/api/v2/learnings/${id}`, 420_000);
});

test.afterAll(async () => {
  await ctx?.api.dispose();
});

/** The model page: name, done, curves drawn from the history, validation metrics equal to the API's. */
async function checkModelPage(page: Page, id: number, task: 'od' | 'sg', name: string, screenshot: string) {
  const learning = await json<Learning>(
    await ctx.api.get(`/api/v2/learnings/${id}`, { headers: ctx.headers }),
    'learning',
  );
  await page.goto(`/train/learning/${id}/${task}`);
  await expect(page.getByTestId('learning-model-name')).toHaveText(name);
  await expect(
    page.getByTestId('learning-model-page').getByTestId('learning-status').first(),
  ).toHaveAttribute('data-status', 'done');
  expect(learning.history.length).toBeGreaterThan(0);
  await expect(page.getByTestId('loss-chart')).toBeVisible();
  const points = Number(await page.getByTestId('learning-curves').getAttribute('data-points'));
  expect(points).toBeGreaterThanOrEqual(learning.history.length);
  await expect(page.getByTestId('loss-chart').locator('path.recharts-line-curve').first()).toBeVisible();
  const validation = learning.validation ?? learning.metrics;
  const scalars = Object.entries(validation).filter(
    ([k, v]) => typeof v === 'number' && !/_/.test(k) && k !== 'perClass',
  ) as [string, number][];
  expect(scalars.length).toBeGreaterThan(0);
  for (const [k, v] of scalars) {
    const shown = Number.isInteger(v) ? String(v) : v.toFixed(4);
    await expect(page.locator(`[data-testid="validation-metric"][data-metric="${k}"]`)).toHaveText(
      `${k}: ${shown}`,
    );
  }
  await expect(page.getByTestId('learning-downloads').locator('[data-file="model.onnx"]')).toBeVisible();
  await shot(page, screenshot);
}

/** The evaluation add page: pick the model in the dialog, the evaluation dataset, start, wait for done. */
async function evaluateInBrowser(page: Page, model: string, dataset: string): Promise<number> {
  await page.goto('/train/inference');
  await expect(page.getByTestId('evaluation-list-page')).toBeVisible();
  await page.getByTestId('add-evaluation').click();
  await expect(page.getByTestId('evaluation-add-page')).toBeVisible();
  await page.getByTestId('open-model-select').click();
  const dialog = page.getByTestId('model-select-dialog');
  await dialog.getByTestId('model-search').fill(model);
  await dialog.locator(`[data-testid="model-row"][data-model-name="${model}"]`).click();
  await dialog.getByTestId('model-select-confirm').click();
  await expect(page.getByTestId('chosen-model')).toContainText(model);
  await page.getByTestId('evaluation-dataset').click();
  await page.getByRole('option', { name: new RegExp(dataset) }).click();
  await page.getByTestId('evaluation-name').fill(`eval_${model.slice(4, 6)}_${RUN}`);
  await page.getByTestId('submit-evaluation').click();
  await expect(page.getByTestId('evaluation-detail-page')).toBeVisible();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'done', {
    timeout: 180_000,
  });
  const id = Number(/\/train\/inference\/(\d+)\//.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  await page.getByTestId('open-result').click();
  await expect(page.getByTestId('evaluation-result-page')).toBeVisible();
  // Opened again by its address (a deep link), which also lets the 'requested' toast go.
  await page.reload();
  await expect(page.getByTestId('evaluation-result-page')).toBeVisible();
  return id;
}

/** The per-class table rows as shown: class name → its cells. */
async function perClassRows(page: Page): Promise<Map<string, string[]>> {
  const rows = page.getByTestId('per-class-table').locator('tbody tr');
  const out = new Map<string, string[]>();
  for (const cells of await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  ))
    out.set(cells[0]!, cells.slice(1));
  return out;
}

/** In the page: how many pixels of the overlay images (SVG <image> hrefs) are not transparent. */
async function paintedPixels(els: Element[]): Promise<number> {
  let n = 0;
  for (const el of els) {
    const img = new Image();
    img.src = el.getAttribute('href')!;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) n++;
  }
  return n;
}

test('a small od model: its page, an evaluation with boxes and AP', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, 'demo-user');
  await checkModelPage(page, models.od, 'od', OD_MODEL, 'learning-od-model');

  const id = await evaluateInBrowser(page, OD_MODEL, OD_EVAL_SET);
  await expect(page).toHaveURL(new RegExp(`/train/inference/${id}/result/od$`));
  const ev = await json<Evaluation>(
    await ctx.api.get(`/api/v2/evaluations/${id}`, { headers: ctx.headers }),
    'od evaluation',
  );
  expect(ev.detail.task).toBe('od');
  expect(ev.image_count).toBe(EVAL_IMAGES);
  await expect(page.getByTestId('metric-mAP50')).toHaveText(pct(ev.detail.mAP50 as number));
  await expect(page.getByTestId('metric-mAP50_95')).toHaveText(pct(ev.detail.mAP50_95 as number));
  const rows = await perClassRows(page);
  expect([...rows.keys()].sort()).toEqual([...OD_CLASSES]);
  for (const c of ev.detail.perClass)
    expect(rows.get(c.name), c.name).toEqual([
      pct(c.ap50 as number),
      pct(c.ap50_95 as number),
      (c.support as number).toLocaleString(),
    ]);
  // Every true box of the evaluation set is drawn (dashed, green) and the model's boxes (solid, red) too.
  const cards = page.getByTestId('result-card');
  await expect(cards).toHaveCount(EVAL_IMAGES);
  const support = ev.detail.perClass.reduce((s, c) => s + (c.support as number), 0);
  await expect(page.locator('[data-testid="box"][data-truth="true"]')).toHaveCount(support);
  await expect(page.locator('[data-testid="box"][data-truth="false"]').first()).toBeVisible();
  // A predicted box sits on the picture: inside the image's own pixel space.
  const inside = await page
    .locator('[data-testid="box"][data-truth="false"] rect')
    .first()
    .evaluate((r) => {
      const rect = r as unknown as SVGRectElement;
      const svg = rect.ownerSVGElement!.viewBox.baseVal;
      const b = rect.getBBox();
      return b.width > 0 && b.x >= -1 && b.y >= -1 && b.x + b.width <= svg.width + 1;
    });
  expect(inside).toBe(true);
  // Every image of the set is labelled: a card names its first true box's class, never 'unlabelled'.
  const labels = await cards.allTextContents();
  expect(labels.filter((l) => l.includes('라벨 없음'))).toEqual([]);
  expect(labels.filter((l) => new RegExp(`(${OD_CLASSES.join('|')}) →`).test(l))).toHaveLength(EVAL_IMAGES);
  await shot(page, 'evaluation-od');

  // The image dialog draws the boxes with their class labels.
  await cards.first().locator('button').click();
  const viewer = page.getByTestId('result-viewer');
  await expect(viewer.locator('[data-testid="box"]').first()).toBeVisible();
  await expect(viewer.locator('svg text').first()).toContainText(new RegExp(OD_CLASSES.join('|')));
  await expect(viewer).toContainText(/실제: (dent|spot)/);
  await shot(page, 'evaluation-od-image');
  await page.keyboard.press('Escape');
});

test('a small sg model: its page, an evaluation with mask overlays and IoU / Dice', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, 'demo-user');
  await checkModelPage(page, models.sg, 'sg', SG_MODEL, 'learning-sg-model');

  const id = await evaluateInBrowser(page, SG_MODEL, SG_EVAL_SET);
  await expect(page).toHaveURL(new RegExp(`/train/inference/${id}/result/sg$`));
  const ev = await json<Evaluation>(
    await ctx.api.get(`/api/v2/evaluations/${id}`, { headers: ctx.headers }),
    'sg evaluation',
  );
  expect(ev.detail.task).toBe('sg');
  await expect(page.getByTestId('metric-meanIoU')).toHaveText(pct(ev.detail.meanIoU as number));
  await expect(page.getByTestId('metric-meanDice')).toHaveText(pct(ev.detail.meanDice as number));
  const rows = await perClassRows(page);
  expect([...rows.keys()].sort()).toEqual([...SG_CLASSES]);
  for (const c of ev.detail.perClass)
    expect(rows.get(c.name), c.name).toEqual([pct(c.iou as number), pct(c.dice as number)]);
  // Each image carries its predicted mask as an overlay, and the overlay is not empty.
  const cards = page.getByTestId('result-card');
  await expect(cards).toHaveCount(EVAL_IMAGES);
  await expect(page.getByTestId('mask-overlay')).toHaveCount(EVAL_IMAGES);
  const painted = await page.getByTestId('mask-overlay').evaluateAll(paintedPixels);
  expect(painted, 'mask pixels drawn over the images').toBeGreaterThan(0);
  // An sg image has no single true class (its truth is a mask per class): the card names the prediction.
  const labels = await cards.allTextContents();
  expect(labels.filter((l) => l.includes('라벨 없음'))).toEqual([]);
  expect(labels.filter((l) => /예측: (scratch|stain|영역 없음)/.test(l))).toHaveLength(EVAL_IMAGES);
  await shot(page, 'evaluation-sg');

  // The image dialog: the mask over the full-size image, the predicted class and no made-up truth.
  await cards.first().locator('button').click();
  const viewer = page.getByTestId('result-viewer');
  await expect(viewer.getByTestId('mask-overlay')).toBeVisible();
  await expect(viewer).toContainText(/예측: (scratch|stain|영역 없음)/);
  await expect(viewer).not.toContainText('실제:');
  await shot(page, 'evaluation-sg-image');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The true masks: the grid toggles to them (class colours in the legend), the dialog shows both.
  await expect(page.getByTestId('sg-legend-item')).toHaveText([...SG_CLASSES]);
  await page.getByTestId('mask-toggle').getByText('실제 마스크').click();
  await expect(page.getByTestId('truth-mask-overlay')).toHaveCount(EVAL_IMAGES);
  await expect(page.getByTestId('mask-overlay')).toHaveCount(0);
  const truthPainted = await page.getByTestId('truth-mask-overlay').evaluateAll(paintedPixels);
  expect(truthPainted, 'true mask pixels drawn over the images').toBeGreaterThan(0);
  await shot(page, 'evaluation-sg-truth');
  await cards.first().locator('button').click();
  const compare = viewer.getByTestId('mask-compare');
  await expect(compare.getByTestId('result-image')).toHaveCount(2);
  await expect(compare.getByTestId('truth-mask-overlay')).toBeVisible();
  await expect(compare.getByTestId('mask-overlay')).toBeVisible();
  await expect(viewer.getByTestId('sg-legend-item')).toHaveCount(SG_CLASSES.length);
  await shot(page, 'evaluation-sg-compare');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await page.getByTestId('mask-toggle').getByText('예측 마스크').click();
  await expect(page.getByTestId('mask-overlay')).toHaveCount(EVAL_IMAGES);
  // The help button sits in the page's right padding: it covers no card's score at any scroll position.
  const help = (await page.getByTestId('cs-button').boundingBox())!;
  for (const score of await page.getByTestId('result-score').all()) {
    const b = (await score.boundingBox())!;
    expect(b.x + b.width, 'score left of the help button').toBeLessThanOrEqual(help.x);
  }

  // The overlay switch hides the masks.
  await page
    .getByRole('switch')
    .or(page.getByLabel(/오버레이|overlay/i))
    .first()
    .click();
  await expect(page.getByTestId('mask-overlay')).toHaveCount(0);
});
