// Processing works end to end (issue 15, core): a new labeling work on an uploaded dataset, merge of two
// datasets, copy with a conflict resolved per dataset, class edit / merge / remove in the class dialog,
// and the final-save lock with the copy-labeling path. Screenshots in e2e/screenshots/processing-*.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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
  zipOf,
} from './helpers';

const shot = screenshots('processing-');
const suffix = Date.now().toString(36);
const A = `procA_${suffix}`;
const B = `procB_${suffix}`;
let api: APIRequestContext;
let headers: Record<string, string>;
let projectId: number;

/** A small part image, distinct per seed. */
function part(seed: number): Promise<Buffer> {
  const px = Buffer.alloc(48 * 48, 160);
  for (let i = 0; i < 40; i++) px[(seed * 37 + i * 53) % px.length] = (seed * 11 + i) % 255;
  return sharp(px, { raw: { width: 48, height: 48, channels: 1 } })
    .png()
    .toBuffer();
}

async function upload(name: string, items: { name: string; data: Buffer }[]) {
  return uploadDataset({ api, headers, projectId }, { name, type: 'cf', zip: await zipOf(items) });
}

interface WorkRow {
  id: number;
  name: string;
  status: string;
  result_dataset_id: number | null;
  final_saved: boolean;
  result: Record<string, number> | null;
}
const workDone = (name: string) => processingDone<WorkRow>({ api, headers, projectId }, name);

async function fillWork(page: Page, name: string, dir: string) {
  await page.getByTestId('work-name').fill(name);
  await page.getByTestId('work-save-dir').fill(dir);
}

async function rowMenu(page: Page, name: string, item: string) {
  const row = page
    .getByRole('row')
    .filter({ has: page.locator(`[data-testid="work-row"][data-name="${name}"]`) });
  await row.getByTestId('work-menu').click();
  await page.getByTestId(item).click();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  ({ api, headers, projectId } = await apiSession(
    playwright,
    'demo-user',
    test.info().project.use.baseURL ?? E2E_BASE_URL,
  ));
  const imgs = await Promise.all(Array.from({ length: 102 }, (_, i) => part(i)));
  await upload(
    A,
    imgs.slice(0, 100).map((data, i) => ({ name: `${i < 50 ? 'ok' : 'scratch'}/p${i}.png`, data })),
  );
  // B: p0.png is another image under a name A has (a conflict when copied after A), s1.png is new.
  await upload(B, [
    { name: 'ok/p0.png', data: imgs[100]! },
    { name: 'dent/s1.png', data: imgs[101]! },
  ]);
});

test('new labeling work on an uploaded dataset', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo-user');
  await page.goto('/train/processing/add');
  await expect(page.getByTestId('processing-add-page')).toBeVisible();
  await shot(page, 'add');
  await page.getByTestId('add-new').click();
  await expect(page.getByTestId('new-labeling-page')).toBeVisible();
  await choose(page, 'new-dataset', new RegExp(A));
  await expect(page.getByTestId('new-image-count')).toContainText('100');
  // The 30-character rule is answered in the form.
  await fillWork(page, 'x'.repeat(31), `lab_${suffix}`);
  await page.getByTestId('new-submit').click();
  await expect(page.getByText('작업명은 최대 30자까지 입력할 수 있습니다.')).toBeVisible();
  await fillWork(page, `label ${suffix}`, `lab_${suffix}`);
  await shot(page, 'new-labeling');
  await page.getByTestId('new-submit').click();
  await expect(page).toHaveURL(/\/train\/processing$/);
  const w = await workDone(`label ${suffix}`);
  await page.reload();
  const row = page.locator(`[data-testid="work-row"][data-name="label ${suffix}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('work-status').first()).toHaveAttribute('data-status', 'done');
  await shot(page, 'list');
  expect(w.result).toMatchObject({ images: 100 });
});

test('merge two datasets; copy with a conflict resolved per dataset', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo-user');
  await page.goto('/train/processing/add');
  await page.getByTestId('add-merge').click();
  await choose(page, 'merge-datasets', new RegExp(A));
  await page
    .getByRole('option', { name: new RegExp(B) })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await fillWork(page, `merge ${suffix}`, `merged_${suffix}`);
  await shot(page, 'merge-dialog');
  await page.getByTestId('merge-dialog-submit').click();
  await expect(page.getByTestId('merge-dialog-submit')).toBeHidden();
  const merged = await workDone(`merge ${suffix}`);
  expect(merged.result).toMatchObject({ images: 101, skipped: 1 });

  await page.getByTestId('add-copy').click();
  await choose(page, 'copy-datasets', new RegExp(A));
  await page
    .getByRole('option', { name: new RegExp(B) })
    .first()
    .click();
  await page.keyboard.press('Escape');
  const conflict = page.getByTestId('copy-conflict-row');
  await expect(conflict).toContainText(B);
  await fillWork(page, `copy ${suffix}`, `copied_${suffix}`);
  // Without an answer for the conflicting dataset the dialog asks for one.
  await page.getByTestId('copy-dialog-submit').click();
  await expect(page.getByText('중복 파일 처리 방법(덮어쓰기/건너뛰기)을 선택해 주세요.')).toBeVisible();
  await conflict.getByText('덮어쓰기').click();
  await shot(page, 'copy-conflicts');
  await page.getByTestId('copy-dialog-submit').click();
  await expect(page.getByTestId('copy-dialog-submit')).toBeHidden();
  const copied = await workDone(`copy ${suffix}`);
  expect(copied.result).toMatchObject({ images: 101, overwritten: 1 });
});

test('class edit, merge and remove in the class dialog; final save locks; copy labeling goes on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `label ${suffix}`;
  await login(page, 'demo-user');
  await page.goto('/train/processing');
  await rowMenu(page, name, 'work-classes');
  const dialog = page.getByTestId('class-info-dialog');
  await expect(dialog.getByTestId('class-info-row')).toHaveCount(2);
  // Edit: mark ok as OK and add a class.
  await dialog.getByTestId('class-info-edit').click();
  await dialog.getByTestId('class-edit-ok').first().check();
  await dialog.getByTestId('class-edit-add').click();
  await dialog.getByTestId('class-edit-name').last().fill('dent');
  await dialog.getByTestId('class-edit-save').click();
  await expect(dialog.getByTestId('class-info-row')).toHaveCount(3);
  // Merge scratch + dent into defect.
  await dialog.getByTestId('class-info-merge').click();
  await dialog.getByRole('checkbox', { name: 'scratch' }).check();
  await dialog.getByRole('checkbox', { name: 'dent' }).check();
  await dialog.getByTestId('class-merge-name').fill('defect');
  await shot(page, 'class-merge');
  await dialog.getByTestId('class-merge-submit').click();
  await expect(dialog.locator('[data-testid="class-info-row"][data-name="defect"]')).toBeVisible();
  await expect(dialog.getByTestId('class-info-row')).toHaveCount(2);
  // Remove defect: its files go to Unclassified.
  await dialog
    .locator('[data-testid="class-info-row"][data-name="defect"]')
    .getByTestId('class-info-remove')
    .click();
  await page.getByTestId('confirm-ok').click();
  await expect(dialog.getByTestId('class-info-row')).toHaveCount(1);
  await page.keyboard.press('Escape');
  const w = await workDone(name);
  const ds = await json<{ classes: { name: string; image_count: number }[]; image_count: number }>(
    await api.get(`/api/v2/datasets/${w.result_dataset_id}`, { headers }),
    'dataset',
  );
  expect(ds.classes.map((c) => [c.name, c.image_count])).toEqual([['ok', 50]]);
  expect(ds.image_count).toBe(100);

  // Final save, then the labeling is locked.
  await rowMenu(page, name, 'work-final-save');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('work-final-saved')).toBeVisible();
  await shot(page, 'final-saved');
  await rowMenu(page, name, 'work-classes');
  await expect(page.getByTestId('class-info-locked')).toBeVisible();
  await page.keyboard.press('Escape');
  const imgs = await json<{ data: { id: string }[] }>(
    await api.get(`/api/v2/datasets/${w.result_dataset_id}/images`, { headers, params: { perPage: 1 } }),
    'images',
  );
  const put = await api.put(`/api/v2/datasets/${w.result_dataset_id}/images/${imgs.data[0]!.id}/annotation`, {
    headers,
    data: { rev: 0, document: { version: 2, label: null, objects: [], regions: [] } },
  });
  expect(put.status()).toBe(409);
  expect(((await put.json()) as { error: { code: string } }).error.code).toBe('WORK_FINAL_SAVED');

  // Copy labeling: the final result goes on as a new, editable work.
  await rowMenu(page, name, 'work-copy');
  await expect(page.getByTestId('copy-dialog-submit')).toBeVisible();
  await fillWork(page, `label2 ${suffix}`, `lab2_${suffix}`);
  await page.getByTestId('copy-dialog-submit').click();
  await expect(page.getByTestId('copy-dialog-submit')).toBeHidden();
  const next = await workDone(`label2 ${suffix}`);
  expect(next.final_saved).toBe(false);
  await page.reload();
  await expect(page.locator(`[data-testid="work-row"][data-name="label2 ${suffix}"]`)).toBeVisible();
  await shot(page, 'copy-labeling');
});
