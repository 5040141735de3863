// Monitoring lines end to end (issue 19, web part): a tiny cf model trained through the API is deployed to
// the demo line in the browser, a line API key is created (shown once), the line simulator
// (`sightline simulate`) posts images while the line status page updates live over SSE, the inspection
// report is searched by serial number, the line report opened with its NG-by-type dialog, and the line
// rolled back to the previous deployment. Screenshots at 1280×768: monitoring-*.
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  apiSession,
  E2E_BASE_URL,
  ROOT,
  algorithmId,
  json,
  login,
  screenshots,
  train,
  uploadDataset,
  waitDone,
  zipOf,
  type ApiCtx,
  type ZipEntry,
} from './helpers';

// A private instance may be used instead of the shared one (E2E_MONITOR_URL, local runs only).
const BASE = process.env.E2E_MONITOR_URL ?? E2E_BASE_URL;
const RUN = Date.now().toString(36);
const MODEL = `e2e_line_${RUN}`;
const PREFIX = `E2E${RUN.toUpperCase()}`;
const SIM_COUNT = 30;

/** A 64 px grey part; 'scratch' has a dark line across it. */
async function makeImage(cls: 'good' | 'scratch', seed: number): Promise<Buffer> {
  const shade = 150 + (seed % 40);
  const y = 8 + ((seed * 7) % 48);
  const defect =
    cls === 'scratch'
      ? `<line x1="6" y1="${y}" x2="58" y2="${64 - y}" stroke="#1e1e1e" stroke-width="3"/>`
      : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="rgb(${shade},${shade},${shade})"/>${defect}</svg>`;
  return sharp(Buffer.from(svg)).grayscale().png().toBuffer();
}

interface Ctx extends ApiCtx {
  lineId: number;
  lineCode: string;
}

let ctx: Ctx;
let modelId = 0;
let simDir = '';

const shot = screenshots();

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(600_000);
  const session = await apiSession(playwright, 'demo-company', BASE);
  const lines = await json<{ data: { id: number; code: string }[] }>(
    await session.api.get(`/api/admin/projects/${session.projectId}/lines`, { headers: session.headers }),
    'lines',
  );
  ctx = { ...session, lineId: lines.data[0]!.id, lineCode: lines.data[0]!.code };

  const files: ZipEntry[] = [];
  for (const cls of ['good', 'scratch'] as const)
    for (let i = 0; i < 24; i++)
      files.push([`${cls}/${cls}_${i}.png`, await makeImage(cls, i + (cls === 'good' ? 0 : 100))]);
  const datasetId = await uploadDataset(ctx, {
    name: `e2e_line_set_${RUN}`,
    type: 'cf',
    purpose: 'preprocessing',
    fileName: 'set.zip',
    zip: await zipOf(files),
  });
  modelId = await train(ctx, {
    dataset_id: datasetId,
    name: MODEL,
    algorithm_id: await algorithmId(ctx, 'cf-resnet'),
    params: { epochs: 2, inputSize: 64, batchSize: 16 },
  });
  await waitDone(ctx, `/api/v2/learnings/${modelId}`, 480_000);
  simDir = mkdtempSync(join(tmpdir(), 'sightline-e2e-sim-'));
  for (let i = 0; i < 10; i++)
    writeFileSync(join(simDir, `img_${i}.png`), await makeImage(i % 3 ? 'good' : 'scratch', 500 + i));
});

test.afterAll(async () => {
  await ctx?.api.dispose();
  if (simDir) rmSync(simDir, { recursive: true, force: true });
});

function simulate(key: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'node',
      [
        'packages/client/bin/sightline.js',
        'simulate',
        '--line',
        ctx.lineCode,
        '--dir',
        simDir,
        '--rate',
        '6',
        '--count',
        String(SIM_COUNT),
        '--prefix',
        PREFIX,
      ],
      { cwd: ROOT, env: { ...process.env, SIGHTLINE_URL: BASE, SIGHTLINE_LINE_KEY: key } },
    );
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!));
      } catch (e) {
        reject(new Error(`simulate: ${out} ${(e as Error).message}`));
      }
    });
  });
}

test('deploy a model, run the simulator and watch the line status update live', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo-company');
  await page.goto('/monitoring/inspection');
  await expect(page.getByTestId('inspection-page')).toBeVisible();
  await page.getByTestId('deploy-model').click();
  await page.getByRole('option', { name: new RegExp(MODEL) }).click();
  await page.getByTestId('deploy-threshold').fill('0.5');
  await page.getByTestId('deploy-submit').click();
  await expect
    .poll(
      async () =>
        (
          await json<{ model: { name: string } } | null>(
            await ctx.api.get(`/api/v2/monitoring/lines/${ctx.lineId}/deployment`, { headers: ctx.headers }),
            'active',
          )
        )?.model.name,
    )
    .toBe(MODEL);

  await page.getByLabel(/키 이름|Key name/).fill('e2e camera');
  await page.getByTestId('key-create').click();
  const key = (await page.getByTestId('key-value').textContent())!.trim();
  expect(key).toMatch(/^slk_/);
  await shot(page, 'monitoring-inspection');

  await page.goto('/monitoring');
  await expect(page.getByTestId('line-status')).toBeVisible();
  const before = Number(await page.getByTestId('kpi-total').textContent());
  const sim = simulate(key);
  // Live: the count grows while the simulator is still posting (SSE, no reload).
  await expect
    .poll(async () => Number(await page.getByTestId('kpi-total').textContent()), { timeout: 30_000 })
    .toBeGreaterThan(before);
  const result = await sim;
  expect(result).toMatchObject({ sent: SIM_COUNT, answered: SIM_COUNT });
  await expect
    .poll(async () => Number(await page.getByTestId('kpi-total').textContent()), { timeout: 15_000 })
    .toBe(before + SIM_COUNT);
  await expect(page.getByTestId('status-model')).toHaveText(MODEL);
  // The NG thumbnails (prediction images, drawn after each answer) are all loaded before the screenshot.
  await expect
    .poll(() =>
      page
        .getByTestId('recent-ng')
        .locator('img')
        .evaluateAll((imgs) =>
          imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
        ),
    )
    .toBe(true);
  await shot(page, 'monitoring-status');
});

test('search the inspection report by serial number', async ({ page }) => {
  await login(page, 'demo-company');
  await page.goto('/monitoring/inspection/report');
  await page
    .getByTestId('report-mode')
    .getByText(/문자별|By character/)
    .click();
  await page.getByTestId('report-serial').fill(`${PREFIX}-000007`);
  await page.getByTestId('report-search').click();
  await expect(page.getByTestId('inspection-row')).toHaveCount(1);
  await expect(page.getByTestId('inspection-row')).toContainText(`${PREFIX}-000007`);
  await shot(page, 'monitoring-report');
  // No match: the SPEC §8 message.
  await page.getByTestId('report-serial').fill('NO-SUCH-SERIAL');
  await page.getByTestId('report-search').click();
  await expect(page.getByText(/일치하는 제품이 없습니다|No product matches/)).toBeVisible();
});

test('open the line report and its NG-by-type dialog', async ({ page }) => {
  await login(page, 'demo-company');
  await page.goto('/monitoring/line');
  await expect(page.getByTestId('line-report')).toBeVisible();
  await expect
    .poll(async () => Number(await page.getByTestId('report-total').textContent()))
    .toBeGreaterThanOrEqual(SIM_COUNT);
  await shot(page, 'monitoring-line-report');
  await page.getByTestId('report-period-dialog').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const firstImage = page.getByRole('dialog').locator('img').first();
  await expect
    .poll(() => firstImage.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true);
  await shot(page, 'monitoring-line-report-dialog');
});

test('sample and verify judgements, then turn the corrections into a dataset', async ({ page }) => {
  await login(page, 'demo-company');
  await page.goto('/monitoring/inspection/option');
  await page.getByTestId('option-count').fill('99');
  await page.getByTestId('option-save').click();
  await expect(page.getByText(/100에서 1000|from 100 to 1000/).first()).toBeVisible();
  await page.getByTestId('option-count').fill('100');
  await page.getByTestId('option-rate').fill('20');
  await page.getByTestId('option-save').click();
  await expect(page.getByText(/검증 옵션을 저장했습니다|verification option is saved/)).toBeVisible();

  await page.goto('/monitoring/inspection/sampling');
  await page.getByTestId('sample-now').click();
  await expect(page.getByTestId('inspection-row')).toHaveCount(Math.ceil(SIM_COUNT * 0.2));
  await page.getByTestId('verify-confirm').first().click();
  await expect(page.getByTestId('verified')).toHaveCount(1);
  await page.getByTestId('verify-correct').nth(1).click();
  await expect(page.getByTestId('verified')).toHaveCount(2);
  await expect(page.getByTestId('corrections-dataset')).toBeEnabled();
  await page.getByTestId('corrections-dataset').click();
  await expect(page.getByText(/corrections-/).first()).toBeVisible();
  await shot(page, 'monitoring-sampling');
});

test('roll the line back to the previous deployment from the model history', async ({ page }) => {
  await json(
    await ctx.api.post('/api/v2/monitoring/deployments', {
      headers: ctx.headers,
      data: { line_id: ctx.lineId, model_id: modelId, threshold: 0.7, description: 'stricter' },
    }),
    'second deployment',
  );
  await login(page, 'demo-company');
  await page.goto('/monitoring/model-history');
  await expect(page.getByTestId('history-row')).toHaveCount(2);
  await page.getByTestId('rollback').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('history-row')).toHaveCount(3);
  const active = await json<{ threshold: number }>(
    await ctx.api.get(`/api/v2/monitoring/lines/${ctx.lineId}/deployment`, { headers: ctx.headers }),
    'active',
  );
  expect(active.threshold).toBe(0.5);
  await shot(page, 'monitoring-model-history');
});
