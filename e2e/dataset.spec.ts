// Datasets end to end (issue #7, web part): upload a generated zip with class folders, watch the
// progress, browse and filter the grid, rename a folder, merge two classes, request a download, watch it
// progress, download the zip and compare its entries with what was uploaded. Screenshots at 1280×768.
import { expect, test, type Download } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { login, readZip, rng, screenshots, writeTemp, zipOf, type ZipEntry } from './helpers';

const FOLDERS = ['lotA', 'lotB'] as const;
const CLASSES = ['good', 'scratch', 'dent', 'stain'] as const;
const PER_CLASS_PER_FOLDER = 40; // 2 folders × 4 classes × 40 = 320 images
const TOTAL = FOLDERS.length * CLASSES.length * PER_CLASS_PER_FOLDER;

interface Uploaded {
  path: string;
  folder: string;
  cls: string;
  file: string;
  sha1: string;
}

/**
 * A 96 px "part" photo: brushed-metal background, a class-specific defect at a random place and a few
 * speckles, so every image differs (the server drops content duplicates).
 */
async function makeImage(cls: string, seed: number): Promise<Buffer> {
  const r = rng(seed);
  const at = (lo: number, hi: number) => Math.round(lo + r() * (hi - lo));
  const shade = at(150, 200);
  const speckles = Array.from(
    { length: 6 },
    () => `<circle cx="${at(0, 96)}" cy="${at(0, 96)}" r="1" fill="#555" opacity="0.5"/>`,
  ).join('');
  const defect =
    cls === 'scratch'
      ? `<line x1="${at(10, 40)}" y1="${at(10, 86)}" x2="${at(56, 86)}" y2="${at(10, 86)}" stroke="#2b2b2b" stroke-width="2"/>`
      : cls === 'dent'
        ? `<circle cx="${at(25, 71)}" cy="${at(25, 71)}" r="${at(8, 14)}" fill="url(#dent)"/>`
        : cls === 'stain'
          ? `<ellipse cx="${at(25, 71)}" cy="${at(25, 71)}" rx="${at(10, 18)}" ry="${at(6, 12)}" fill="#7a4b1c" opacity="0.6"/>`
          : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="rgb(${shade},${shade},${shade + 8})"/>
        <stop offset="1" stop-color="rgb(${shade - 40},${shade - 40},${shade - 30})"/>
      </linearGradient>
      <radialGradient id="dent"><stop offset="0" stop-color="#222"/><stop offset="1" stop-color="#222" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="96" height="96" fill="url(#bg)"/>
    <rect x="8" y="8" width="80" height="80" rx="10" fill="none" stroke="#888" stroke-width="2"/>
    ${speckles}${defect}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function buildZip(): Promise<{ zipPath: string; entries: Uploaded[] }> {
  const files: ZipEntry[] = [];
  const entries: Uploaded[] = [];
  let n = 0;
  for (const folder of FOLDERS) {
    for (const cls of CLASSES) {
      for (let i = 0; i < PER_CLASS_PER_FOLDER; i++) {
        const file = `${folder}_${cls}_${String(i).padStart(3, '0')}.png`;
        const path = `${folder}/${cls}/${file}`;
        const png = await makeImage(cls, ++n);
        files.push([path, png]);
        entries.push({ path, folder, cls, file, sha1: sha1(png) });
      }
    }
  }
  const zip = await zipOf(files, { compress: false });
  return { zipPath: writeTemp(`sightline-e2e-${process.pid}`, 'e2e_classes.zip', zip), entries };
}

const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');

const shot = screenshots();

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

test('dataset upload, browse, folders, classes and download', async ({ page }) => {
  test.setTimeout(240_000);
  const { zipPath, entries } = await buildZip();
  const name = `e2e_${Date.now().toString(36)}`;

  await login(page, 'demo-user');
  await page.goto('/train/dataset');
  await expect(page.getByTestId('dataset-list-page')).toBeVisible();

  // Upload dialog: required fields first, then a zip with folders and class folders.
  await page.getByTestId('open-upload').click();
  const dialog = page.getByTestId('upload-modal');
  await expect(dialog.getByTestId('upload-remaining')).toContainText(/\d/);
  await dialog.getByTestId('upload-submit').click();
  await expect(dialog.getByText(/데이터셋 이름을 입력|Please enter a dataset name/)).toBeVisible();
  await dialog.getByTestId('upload-name').fill('bad name!');
  await dialog.getByTestId('upload-submit').click();
  await expect(dialog.getByText(/'-', '_'/)).toBeVisible();
  await dialog.getByTestId('upload-name').fill(name);
  await dialog.getByTestId('upload-type').click();
  await page.getByRole('option', { name: /분류|Classification/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('upload-pick').click();
  await (await chooser).setFiles(zipPath);
  await expect(dialog.getByTestId('upload-selection')).toContainText('e2e_classes.zip');
  await shot(page, 'dataset-upload-dialog');
  await dialog.getByTestId('upload-submit').click();
  await expect(dialog.getByTestId('upload-progress')).toBeVisible();

  // Watch the progress texts (byte percent, then the server's phase and count) until the dialog closes.
  const seen: string[] = [];
  const detailPage = page.getByTestId('dataset-detail-page');
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && !(await detailPage.isVisible());) {
    const [text] = await dialog.getByTestId('upload-progress').allTextContents();
    if (text && text !== seen.at(-1)) {
      seen.push(text);
      if (seen.length === 2) await shot(page, 'dataset-upload-progress');
    }
    await page.waitForTimeout(50);
  }
  test.info().annotations.push({ type: 'upload progress', description: seen.join(' | ') });
  expect(seen.length).toBeGreaterThan(0);

  // Success lands on the detail page with every image counted.
  await expect(detailPage).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('dataset-name')).toHaveText(name);
  await expect(page.getByTestId('dataset-image-count')).toContainText(String(TOTAL));
  for (const f of FOLDERS)
    await expect(page.locator(`[data-testid="folder-row"][data-folder-name="${f}"]`)).toBeVisible();
  for (const c of CLASSES)
    await expect(page.locator(`[data-testid="class-row"][data-class-name="${c}"]`)).toBeVisible();

  // Grid: 30 per page, pager, 1–20 columns, filters.
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(30);
  await expect(page.getByTestId('image-total')).toContainText(String(TOTAL));
  const firstName = await cards.first().getAttribute('data-file-name');
  await page.getByTestId('pager').getByText('2', { exact: true }).click();
  await expect(cards.first()).not.toHaveAttribute('data-file-name', firstName ?? '');
  const slider = page.getByTestId('grid-columns').getByRole('slider');
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '20');
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '6');
  await page
    .getByTestId('image-filter')
    .getByText(/편집됨|Edited/)
    .click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page
    .getByTestId('image-filter')
    .getByText(/미확인|Unconfirmed/)
    .click();
  await expect(cards).toHaveCount(30);
  await page
    .getByTestId('image-filter')
    .getByText(/^(전체|All)$/)
    .click();

  // Folder filter and the image viewer with zoom.
  await page.locator('[data-testid="folder-row"][data-folder-name="lotA"]').click();
  await expect(page.getByTestId('image-total')).toContainText(String(TOTAL / 2));
  await cards.first().getByRole('button').click();
  await expect(page.getByTestId('viewer-zoom')).toHaveText('100%');
  await page.getByRole('button', { name: /확대|Zoom in/ }).click();
  await expect(page.getByTestId('viewer-zoom')).toHaveText('125%');
  await expect(page.getByTestId('viewer-canvas').locator('img')).toBeVisible();
  await page.mouse.move(640, 600);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await shot(page, 'dataset-viewer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('viewer-canvas')).toBeHidden();
  await shot(page, 'dataset-detail');

  // Folder rename: a duplicate is refused, a new name is taken.
  await page
    .locator('[data-testid="folder-row"][data-folder-name="lotB"]')
    .getByTestId('folder-rename')
    .click();
  const rename = page.getByTestId('folder-rename-modal');
  await rename.getByTestId('folder-new-name').fill('lotA');
  await rename.getByTestId('folder-rename-submit').click();
  await expect(rename.getByText(/중복|duplicate/i)).toBeVisible();
  await rename.getByTestId('folder-new-name').fill('lotB_checked');
  await rename.getByTestId('folder-rename-submit').click();
  await expect(page.locator('[data-testid="folder-row"][data-folder-name="lotB_checked"]')).toBeVisible();
  await expect(page.locator('[data-testid="folder-row"][data-folder-name="lotB"]')).toHaveCount(0);

  // Merge scratch + dent into defect.
  await page.getByTestId('class-merge').click();
  const merge = page.getByTestId('class-merge-modal');
  await merge.getByTestId('merge-classes').click();
  await page.getByRole('option', { name: 'scratch' }).click();
  await page.getByRole('option', { name: 'dent' }).click();
  await merge.getByTestId('merge-name').fill('defect');
  await merge.getByTestId('merge-submit').click();
  const defect = page.locator('[data-testid="class-row"][data-class-name="defect"]');
  await expect(defect).toBeVisible();
  await expect(defect).toContainText(String(2 * FOLDERS.length * PER_CLASS_PER_FOLDER));
  await expect(page.locator('[data-testid="class-row"][data-class-name="scratch"]')).toHaveCount(0);

  // Class add refuses a duplicate name; class edit marks 'good' as the OK class, which satisfies the
  // one-OK-one-NG rule the panel was warning about.
  await expect(page.getByTestId('class-problems')).toBeVisible();
  await page.getByTestId('class-add').click();
  const edit = page.getByTestId('class-edit-modal');
  await edit.getByTestId('class-name').fill('Stain');
  await edit.getByTestId('class-save').click();
  await expect(edit.getByText(/중복된 클래스|Duplicate class name/)).toBeVisible();
  await edit.getByRole('button', { name: /취소|Cancel/ }).click();
  const good = page.locator('[data-testid="class-row"][data-class-name="good"]');
  await good.getByRole('button', { name: /수정|Edit/ }).click();
  await edit.getByText('OK', { exact: true }).click();
  await edit.getByTestId('class-save').click();
  await expect(good).toContainText('OK');
  await expect(page.getByTestId('class-problems')).toHaveCount(0);

  // The whole-set class edit dialog: the OK/NG rule is checked on save; moving 'stain' up is saved.
  await page.getByTestId('class-edit-all').click();
  const set = page.getByTestId('class-set-modal');
  const setRows = set.getByTestId('class-set-row');
  await expect(setRows).toHaveCount(3);
  const okSwitch = setRows.nth(0).getByRole('switch');
  // A click while the opening dialog still fills its form from the classes can be undone by that fill
  // (seen once in CI: "Clicking the checkbox did not change its state"): retried until it holds.
  await expect(async () => {
    await okSwitch.uncheck({ force: true });
    await expect(okSwitch).not.toBeChecked();
  }).toPass({ timeout: 10_000 });
  await set.getByTestId('class-set-save').click();
  await expect(set.getByTestId('class-set-errors')).toContainText(
    /OK 클래스와 NG 클래스|one as OK and one as not OK/,
  );
  await okSwitch.check({ force: true });
  await setRows
    .nth(2)
    .getByRole('button', { name: /위로|Move up/ })
    .click();
  await set.getByTestId('class-set-save').click();
  await expect(set).toBeHidden();
  await expect(page.getByTestId('class-row')).toHaveText([/good/, /stain/, /defect/]);

  // Request a download and follow it in the modal until the file is ready.
  await page
    .getByTestId('folder-panel')
    .getByText(/전체 폴더|All folders/)
    .click();
  await page.getByTestId('request-download').click();
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('download-cancel-note') });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('download-tab-dataset')).toHaveAttribute('aria-selected', 'true');
  const row = modal.getByTestId('download-row').first();
  await expect(row).toBeVisible();
  await shot(page, 'download-modal-progress');
  // Not closable by Escape or an outside click.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 760);
  await expect(modal).toBeVisible();
  await expect(row).toHaveAttribute('data-state', 'success', { timeout: 120_000 });
  await expect(row.getByTestId('removal-badge')).toContainText('3');
  await shot(page, 'download-modal');

  const link = row.getByTestId('download-file');
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/download\/demo-user\/[^/]+\/[^/?]+\.zip/);
  // The link opens a new tab that turns into a download and closes itself; Chromium reports the
  // download on the opener, other browsers may report it on the new tab.
  const downloaded = Promise.race([
    page.waitForEvent('download'),
    new Promise<Download>((resolve) => page.context().once('page', (p) => p.once('download', resolve))),
  ]);
  await link.click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const body = readFileSync((await download.path())!);

  // Every uploaded image is in the zip, byte for byte, under its (renamed) folder and (merged) class,
  // next to a classes.json that carries the edited class set.
  const files = await readZip(body);
  const images = [...files.keys()].filter((n) => n.endsWith('.png'));
  expect(images).toHaveLength(TOTAL);
  const expected = new Map(
    entries.map((e) => {
      const folder = e.folder === 'lotB' ? 'lotB_checked' : e.folder;
      const cls = e.cls === 'scratch' || e.cls === 'dent' ? 'defect' : e.cls;
      return [`${folder}/${cls}/${e.file}` as string, e.sha1] as const;
    }),
  );
  expect(images.map((n) => n.split('/').slice(-3).join('/')).sort()).toEqual([...expected.keys()].sort());
  for (const n of images) expect(sha1(files.get(n)!), n).toBe(expected.get(n.split('/').slice(-3).join('/')));
  const manifest = JSON.parse(files.get('classes.json')?.toString() ?? '{}') as {
    classes?: { name: string; is_ok: boolean }[];
  };
  expect(manifest.classes?.map((c) => [c.name, c.is_ok])).toEqual([
    ['good', true],
    ['stain', false],
    ['defect', false],
  ]);

  await modal.getByRole('button', { name: /닫기|Close/ }).click();
  await expect(modal).toBeHidden();

  // Removing a class sends its images to Unclassified.
  const stain = page.locator('[data-testid="class-row"][data-class-name="stain"]');
  await stain.getByRole('button', { name: /클래스 삭제|Remove class/ }).click();
  await expect(page.getByText(/미분류로 이동|move to Unclassified/)).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(stain).toHaveCount(0);
  await expect(page.getByTestId('class-unclassified')).toContainText(
    String(FOLDERS.length * PER_CLASS_PER_FOLDER),
  );

  // Deleting images needs a selection and a confirmation.
  await page.getByTestId('delete-images').click();
  await expect(page.getByText(/삭제할 이미지를 선택|select the images to remove/)).toBeVisible();
  await page.getByTestId('image-select').nth(0).check();
  await page.getByTestId('image-select').nth(1).check();
  await page.getByTestId('delete-images').click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('dataset-image-count')).toContainText(String(TOTAL));
  await page.getByTestId('delete-images').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('dataset-image-count')).toContainText(String(TOTAL - 2));

  // Adding loose images to the existing dataset: a folder name that exists is refused, a new one is made.
  const loose = writeTemp(
    `sightline-e2e-${process.pid}`,
    'extra_part.png',
    await makeImage('scratch', 99_999),
  );
  await page.getByTestId('upload-more').click();
  await expect(dialog.getByTestId('upload-dataset')).toHaveValue(name);
  await dialog.getByTestId('upload-folder').fill('lotA');
  const chooser2 = page.waitForEvent('filechooser');
  await dialog.getByTestId('upload-pick').click();
  await (await chooser2).setFiles(loose);
  await dialog.getByTestId('upload-submit').click();
  await expect(dialog.getByText(/중복되었습니다: lotA|duplicate folder name: lotA/)).toBeVisible();
  await dialog.getByTestId('upload-folder').fill('extra');
  await dialog.getByTestId('upload-submit').click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('dataset-image-count')).toContainText(String(TOTAL - 1));
  await expect(page.locator('[data-testid="folder-row"][data-folder-name="extra"]')).toContainText('1');

  // From the header under a processing route the modal opens on the Result tab.
  await page.goto('/train/processing');
  await page.getByRole('button', { name: /다운로드 요청 목록|Download requests/ }).click();
  await expect(modal.getByTestId('download-tab-result')).toHaveAttribute('aria-selected', 'true');
  await modal.getByRole('button', { name: /닫기|Close/ }).click();
  await expect(modal).toBeHidden();

  await page.goto('/train/dataset');
  await expect(page.locator(`[data-testid="dataset-row"][data-name="${name}"]`)).toBeVisible();
  await shot(page, 'dataset-list');
});

test('a trial account sees its per-upload limit and the remaining count before uploading', async ({
  page,
}) => {
  await login(page, 'demo-trial');
  await page.goto('/train/dataset');
  await page.getByTestId('open-upload').click();
  const dialog = page.getByTestId('upload-modal');
  await expect(dialog.getByTestId('upload-remaining')).toContainText(
    /남은 업로드 개수: \d+|Remaining upload count: \d+/,
  );
  await expect(
    dialog.getByText(/체험 계정은 한 번에 최대 3000장|at most 3000 images at a time/),
  ).toBeVisible();
  await dialog.getByTestId('upload-submit').click();
  await expect(dialog.getByText(/업로드할 파일을 선택|Please choose a file/)).toBeVisible();
});
