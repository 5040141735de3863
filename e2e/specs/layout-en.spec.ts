// English layout at the minimum screen (1280×768, SPEC §2): navigation labels fit the 210 px side
// navigation, the image-grid toolbar texts stay on one line, and the floating customer-service button
// never covers the last thumbnail of the grid. Screenshots: layout-en-nav, layout-en-dataset-grid.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import sharp from 'sharp';
import { apiLogin, bearer, login, uploadDataset, zipOf, type ZipEntry } from '../helpers';

const SHOTS = join(import.meta.dirname, '..', 'screenshots');
const IMAGES = 30; // one full grid page: the last thumbnail is the bottom-right one

async function english(page: Page) {
  await page.getByTestId('lang-switch').getByText('EN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** Labels whose text is cut (wider than their box) or broken onto a second line. */
function cutOrWrapped(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => {
        const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
        return el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().height > lineHeight * 1.5;
      })
      .map((el) => el.textContent),
  );
}

async function uploadGridDataset(request: APIRequestContext, name: string) {
  const token = await apiLogin(request, 'demo-user');
  const info = await (await request.get('/api/user/information', { headers: bearer(token) })).json();
  const projectId = (info.data ?? info).projects[0].id;
  const files: ZipEntry[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const background = { r: (i * 37) % 255, g: (i * 91) % 255, b: (i * 53) % 255 };
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background } })
      .png()
      .toBuffer();
    files.push([`good/img_${String(i).padStart(2, '0')}.png`, png]);
  }
  const zip = await zipOf(files, { compress: false });
  await uploadDataset(
    { api: request, headers: bearer(token), projectId },
    { name, type: 'cf', purpose: 'preprocessing', fileName: 'layout.zip', zip },
  );
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('English navigation labels fit the side navigation', async ({ page }) => {
  await login(page, 'demo-service');
  await english(page);
  await page.goto('/my/projects');
  await expect(page.getByTestId('project-list')).toBeVisible();
  await expect(page.getByTestId('nav-resourceMonitoring')).toHaveText('Resource monitoring');
  expect(await cutOrWrapped(page, '[data-testid="side-nav"] a span')).toEqual([]);
  expect(await cutOrWrapped(page, '[data-testid="side-nav"] p')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'layout-en-nav.png') });
});

test('the help button does not cover the last thumbnail; grid toolbar texts stay on one line', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `layout_${Date.now().toString(36)}`;
  await uploadGridDataset(request, name);
  await login(page, 'demo-user');
  await english(page);
  await page.goto('/train/dataset');
  await page.getByText(name, { exact: true }).click();
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(30);
  expect(await cutOrWrapped(page, '[data-testid="image-total"], [data-testid="select-page"] label')).toEqual(
    [],
  );

  const button = page.getByTestId('cs-button');
  await page.mouse.wheel(0, 10_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  // Scrolled to the end, the grid's section (its last thumbnails and the pager) ends above the button.
  const last = (await cards.last().boundingBox())!;
  const section = (await page.getByTestId('image-section').boundingBox())!;
  const help = (await button.boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(768);
  expect(overlaps(last, help)).toBe(false);
  expect(section.y + section.height).toBeLessThan(help.y);
  await page.screenshot({ path: join(SHOTS, 'layout-en-dataset-grid.png') });
});
