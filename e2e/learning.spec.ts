// Model learning end to end (issue 14, web part): upload a small class-folder zip, train a cf model with tiny
// parameters and watch its loss curve grow while it trains, cancel a second training from the list, hit the
// 3-concurrent-trainings limit and read the message. Screenshots at 1280×768: learning-add (+ -regions),
// learning-model (+ -running), learning-list.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { choose, login, screenshots, writeTemp, zipOf, type ZipEntry } from './helpers';

const CLASSES = ['good', 'scratch'] as const;
const PER_CLASS = 24;
/** Small parameters: about a second per epoch on 2 shared cores, so the curve is seen growing. */
const TINY = { epochs: 20, batchSize: 8, inputSize: 128, width: 16, patience: 30 };
/** A training that stays active long enough to be canceled or to count against the limit. */
const LONG = { epochs: 400, batchSize: 8, inputSize: 32, width: 8, patience: 100 };

/** A 48 px grey part; 'scratch' images carry a dark diagonal line. Each image differs (duplicates are dropped). */
async function makeImage(cls: string, i: number): Promise<Buffer> {
  const shade = 150 + ((i * 7) % 60);
  const spot = `<circle cx="${(i * 13) % 48}" cy="${(i * 29) % 48}" r="2" fill="#666"/>`;
  const line =
    cls === 'scratch'
      ? `<line x1="${4 + (i % 10)}" y1="6" x2="${40 - (i % 8)}" y2="42" stroke="#202020" stroke-width="3"/>`
      : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="rgb(${shade},${shade},${shade})"/>${spot}${line}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function buildZip(): Promise<string> {
  const files: ZipEntry[] = [];
  for (const cls of CLASSES)
    for (let i = 0; i < PER_CLASS; i++)
      files.push([`${cls}/${cls}_${i}.png`, await makeImage(cls, i + (cls === 'scratch' ? 100 : 0))]);
  const zip = await zipOf(files, { compress: false });
  return writeTemp(`sightline-e2e-learning-${process.pid}`, 'learning_classes.zip', zip);
}

const shot = screenshots();

/** The browser session's own token, so API set-up does not open a second session. */
async function api(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('sightline.token'));
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const req: APIRequestContext = page.request;
  return {
    get: async <T>(url: string): Promise<T> => {
      const res = await req.get(url, { headers });
      expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
      return ((await res.json()) as { data: T }).data;
    },
    post: async (url: string, data?: unknown) => req.post(url, { headers, data }),
  };
}

interface Learning {
  id: number;
  name: string;
  status: string;
}

async function fillParams(page: Page, values: Record<string, number>) {
  for (const [key, v] of Object.entries(values)) {
    const input = page.getByTestId(`param-${key}`);
    if ((await input.count()) === 0) continue;
    await input.fill(String(v));
  }
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

test('train a cf model and watch it, cancel a second one, hit the 3-trainings limit', async ({ page }) => {
  test.setTimeout(600_000);
  const zipPath = await buildZip();
  const suffix = Date.now().toString(36);
  const datasetName = `learn_${suffix}`;

  await login(page, 'demo-user');

  // ---- a small class-folder dataset through the upload dialog ----
  await page.goto('/train/dataset');
  await page.getByTestId('open-upload').click();
  const dialog = page.getByTestId('upload-modal');
  await dialog.getByTestId('upload-name').fill(datasetName);
  await dialog.getByTestId('upload-type').click();
  await page.getByRole('option', { name: /분류|Classification/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('upload-pick').click();
  await (await chooser).setFiles(zipPath);
  await dialog.getByTestId('upload-submit').click();
  await expect(page.getByTestId('dataset-detail-page')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('dataset-image-count')).toContainText(String(CLASSES.length * PER_CLASS));
  const datasetId = Number(new URL(page.url()).searchParams.get('id'));
  const http = await api(page);
  const dataset = await http.get<{ project_id: number }>(`/api/v2/datasets/${datasetId}`);

  // ---- the list, then the add form ----
  await page.goto('/train/learning');
  await expect(page.getByTestId('learning-list-page')).toBeVisible();
  await page.getByTestId('learning-add').click();
  await expect(page).toHaveURL(/\/train\/learning\/add$/);
  await choose(page, 'learning-dataset', datasetName);
  // The task's default algorithm is preselected and its parameters become inputs.
  await expect(page.getByTestId('learning-algorithm')).toHaveValue(/ResNet/);
  // Epochs and input size default to 0 = auto: the engine picks them from the data.
  await expect(page.getByTestId('param-epochs')).toHaveValue('0');
  await expect(page.getByTestId('param-form')).toContainText(/0 = (auto|자동)/);
  // OK classes: 'good' by its name.
  await expect(
    page.locator(
      '[data-testid="ok-class"][data-class="good"] input, input[data-testid="ok-class"][data-class="good"]',
    ),
  ).toBeChecked();
  // Out of the admin row's range: the form says so before sending.
  await page.getByTestId('param-epochs').fill('9999');
  await expect(page.getByTestId('param-form')).toContainText(/epochs/);
  await fillParams(page, TINY);
  const modelName = `cf_${suffix}`;
  await page.getByTestId('learning-name').fill(modelName);
  await expect(page.getByText(/사용할 수 있는 이름입니다|The name is available/)).toBeVisible();
  await shot(page, 'learning-add');
  // Lower half: OK classes and a target region drawn on a dataset image (removed again before sending).
  const canvas = page.getByTestId('region-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.8, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('region-row')).toHaveCount(1);
  await page.mouse.move(0, 0);
  await shot(page, 'learning-add-regions');
  await page.getByTestId('region-remove').click();
  await expect(page.getByTestId('region-row')).toHaveCount(0);
  await page.getByTestId('learning-submit').click();

  // ---- the model page: live progress and the curve growing ----
  await expect(page).toHaveURL(/\/train\/learning\/\d+\/cf$/, { timeout: 30_000 });
  const modelId = Number(/learning\/(\d+)\/cf/.exec(page.url())![1]);
  await expect(page.getByTestId('learning-model-name')).toHaveText(modelName);
  const seen: number[] = [];
  const statusOf = () =>
    page
      .getByTestId('learning-model-page')
      .getByTestId('learning-status')
      .first()
      .getAttribute('data-status');
  let shotWhileRunning = false;
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    const status = await statusOf();
    const pts = Number((await page.getByTestId('learning-curves').getAttribute('data-points')) ?? 0);
    if (pts !== seen.at(-1)) seen.push(pts);
    if (!shotWhileRunning && status === 'running' && pts >= 4) {
      await page.mouse.move(0, 0);
      await shot(page, 'learning-model-running');
      shotWhileRunning = true;
    }
    if (status === 'done' || status === 'error' || status === 'canceled') break;
    await page.waitForTimeout(150);
  }
  test.info().annotations.push({ type: 'curve points over time', description: seen.join(' → ') });
  console.log(`curve points over time: ${seen.join(' → ')}`);
  await expect(
    page.getByTestId('learning-model-page').getByTestId('learning-status').first(),
  ).toHaveAttribute('data-status', 'done');
  // The curve moved while the training ran (more than two different sizes seen, ending with every epoch).
  expect(new Set(seen).size).toBeGreaterThan(2);
  await expect(page.getByTestId('loss-chart')).toBeVisible();
  await expect(page.getByTestId('learning-validation')).toBeVisible();
  await expect(page.getByTestId('learning-downloads').locator('[data-file="model.onnx"]')).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, 'learning-model');

  // ---- a second training, canceled from the list ----
  const algorithms = await http.get<{ data: { id: number; engineKey: string }[] }>(
    `/api/algorithms?projectId=${dataset.project_id}&kind=training&workType=cf&perPage=100`,
  );
  const algorithmId = (algorithms.data.find((a) => a.engineKey === 'cf-resnet') ?? algorithms.data[0]!).id;
  const createLong = (name: string) =>
    http.post('/api/v2/learnings', { dataset_id: datasetId, name, algorithm_id: algorithmId, params: LONG });
  const second = await createLong(`cancel_${suffix}`);
  expect(second.status(), await second.text()).toBe(201);
  const secondId = ((await second.json()) as { data: Learning }).data.id;
  await page.goto('/train/learning');
  const secondRow = page.locator('tr', {
    has: page.locator(`[data-testid="learning-row"][data-name="cancel_${suffix}"]`),
  });
  await expect(secondRow).toBeVisible();
  // Delete is disabled while it is in progress.
  await expect(secondRow.getByTestId('learning-delete')).toBeDisabled();
  await secondRow.getByTestId('learning-cancel').click();
  await page.getByTestId('confirm-ok').click();
  // The row follows the cancel live (no reload): canceling, then canceled.
  await expect(secondRow.getByTestId('learning-status')).toHaveAttribute('data-status', /cancel/, {
    timeout: 15_000,
  });
  await expect(secondRow.getByTestId('learning-status')).toHaveAttribute('data-status', 'canceled', {
    timeout: 60_000,
  });
  await expect(secondRow.getByTestId('learning-delete')).toBeEnabled();

  // ---- the concurrent training limit (3 per user) ----
  const active: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const res = await createLong(`busy${i}_${suffix}`);
    expect(res.status(), await res.text()).toBe(201);
    active.push(((await res.json()) as { data: Learning }).data.id);
  }
  await page.goto('/train/learning/add');
  await choose(page, 'learning-dataset', datasetName);
  await expect(page.getByTestId('param-epochs')).toBeVisible();
  await fillParams(page, TINY);
  await page.getByTestId('learning-name').fill(`fourth_${suffix}`);
  await expect(page.getByText(/사용할 수 있는 이름입니다|The name is available/)).toBeVisible();
  await page.getByTestId('learning-submit').click();
  await expect(page.getByTestId('learning-form-error')).toContainText(
    /사용자당 동시 학습은 최대 3개까지 가능합니다|Concurrent training limit of 3 per user reached/,
  );
  await expect(page).toHaveURL(/\/train\/learning\/add$/);

  // The list with running, waiting (queue positions), canceled and done trainings.
  await page.goto('/train/learning');
  await expect(page.locator(`[data-testid="learning-row"][data-name="busy3_${suffix}"]`)).toBeVisible();
  await expect(page.getByTestId('learning-queue').first()).toBeVisible({ timeout: 30_000 });
  await page.mouse.move(0, 0);
  await shot(page, 'learning-list');
  // The same list in English (longer texts, same 1280 px layout), then back to Korean.
  await page.getByTestId('lang-switch').getByText('EN').click();
  await expect(page.getByRole('heading', { name: 'Model learning' })).toBeVisible();
  await shot(page, 'learning-list-en');
  await page.getByTestId('lang-switch').getByText('한국어').click();

  // Clean up: nothing of this spec keeps the worker busy for the specs after it.
  for (const id of active) await http.post(`/api/v2/learnings/${id}/cancel`);
  for (const id of active)
    await expect
      .poll(async () => (await http.get<Learning>(`/api/v2/learnings/${id}`)).status, { timeout: 60_000 })
      .toBe('canceled');
  expect(secondId).toBeGreaterThan(modelId);
});
