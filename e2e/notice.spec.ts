// Notices, notifications and usage pages (issue 17). A notice with a PDF attachment for one company and a
// public one (with a 2-page PDF) are created through the admin form; logged out, only the public notice is
// listed and its PDF opens in the pdf.js viewer (page navigation, zoom); the company's user reads the
// company notice and opens its PDF on /pdfViewer. A tiny training's notification appears in the header
// dropdown and follows it to done; the use-history, statistics and resource-monitoring pages show jobs that
// ran in this test. Screenshots at 1280×768 in e2e/screenshots/notice-*.png.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { apiLogin, bearer, json, login, zipOf } from './helpers';

const SHOTS = join(import.meta.dirname, 'screenshots');
const RUN = Date.now().toString(36);
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `notice-${name}.png`) });

/** Opens a page and waits for it (a full load boots the app and fetches the page's chunk: slow on 2 busy cores). */
async function open(page: Page, path: string, testId: string) {
  await page.goto(path);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
}

/** A valid PDF with one line of text per page (offsets computed, so pdf.js needs no repair). */
function makePdf(pages: string[]): Buffer {
  const objs: string[] = [];
  const kids = pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ');
  objs.push('<< /Type /Catalog /Pages 2 0 R >>');
  objs.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  const fontObj = 3 + pages.length * 2;
  pages.forEach((text, i) => {
    const stream = `BT /F1 36 Tf 72 700 Td (${text}) Tj ET\n0.55 0.1 0.15 rg 72 600 300 40 re f`;
    objs.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontObj} 0 R >> >> /Contents ${4 + i * 2} 0 R >>`,
    );
    objs.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Two classes of 12 small grey PNGs (a dark line on the scratch ones), as a cf upload zip. */
async function cfZip(): Promise<Buffer> {
  const files: [string, Buffer][] = [];
  for (const cls of ['good', 'scratch'])
    for (let i = 0; i < 12; i++) {
      const shade = 140 + ((i * 9) % 70);
      const line =
        cls === 'scratch'
          ? `<line x1="4" y1="${4 + i}" x2="28" y2="28" stroke="#111" stroke-width="3"/>`
          : '';
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="rgb(${shade},${shade},${shade})"/><circle cx="${(i * 5) % 32}" cy="${(i * 11) % 32}" r="2" fill="#555"/>${line}</svg>`;
      files.push([`${cls}/${cls}_${i}.png`, await sharp(Buffer.from(svg)).png().toBuffer()]);
    }
  return zipOf(files);
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

const PUBLIC_TITLE = `Release notes ${RUN}`;
const COMPANY_TITLE = `Demo Company maintenance ${RUN}`;
let pdfDir = '';

test('a company notice and a public notice with PDFs: read logged out, open the PDF', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  pdfDir = join(tmpdir(), `sightline-e2e-notice-${process.pid}`);
  mkdirSync(pdfDir, { recursive: true });
  writeFileSync(join(pdfDir, 'release-notes.pdf'), makePdf(['Release notes page 1', 'Page 2: fixes']));
  writeFileSync(join(pdfDir, 'maintenance.pdf'), makePdf(['Maintenance window', 'Contact']));

  // ---- the system admin writes a company notice through the form ----
  await login(page, 'admin');
  await open(page, '/admin/notice/company/create', 'notice-form');
  await page.getByTestId('notice-title-input').fill(COMPANY_TITLE);
  await page.getByTestId('notice-company-input').click();
  await page.getByRole('option', { name: 'Demo Company' }).first().click();
  const editor = page.getByTestId('notice-editor');
  await editor.click();
  await page.keyboard.type('The line stops on Saturday. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Plan ahead.');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /파일 추가|Add file/ }).click();
  await (await chooser).setFiles(join(pdfDir, 'maintenance.pdf'));
  await expect(page.getByTestId('notice-new-file')).toHaveCount(1);
  await page.mouse.move(0, 0);
  await shot(page, 'admin-form');
  await page.getByTestId('notice-save').click();
  await expect(page).toHaveURL(/\/admin\/notice\/company\/\d+$/);
  await expect(page.getByTestId('notice-content').locator('b, strong')).toHaveText('Plan ahead.');
  await expect(page.getByTestId('notice-scope')).toContainText('Demo Company');

  // ---- and a notice for everyone (API), with a 2-page PDF ----
  const token = await page.evaluate(() => sessionStorage.getItem('sightline.token'));
  const headers = { Authorization: `Bearer ${token}` };
  const pub = await json<{ id: number }>(
    await page.request.post('/api/admin/notices', {
      headers,
      data: { title: PUBLIC_TITLE, content: '<p>New <b>release</b><script>alert(1)</script></p>' },
    }),
    'public notice',
  );
  await json(
    await page.request.post(`/api/admin/notices/${pub.id}/attachments`, {
      headers,
      multipart: {
        file: {
          name: 'release-notes.pdf',
          mimeType: 'application/pdf',
          buffer: makePdf(['Release notes page 1', 'Page 2: fixes']),
        },
      },
    }),
    'attachment',
  );
  await open(page, '/admin/notice', 'notice-admin-list');
  await expect(page.getByTestId('notice-row').filter({ hasText: PUBLIC_TITLE })).toBeVisible();
  await shot(page, 'admin-list');

  // ---- logged out: only the notice for everyone; its PDF opens inline in pdf.js ----
  const anon = await browser.newContext({ baseURL, viewport: { width: 1280, height: 768 } });
  const out = await anon.newPage();
  const cspErrors: string[] = [];
  out.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused/.test(m.text())) cspErrors.push(m.text());
  });
  await open(out, '/notices', 'notice-list');
  await expect(out.getByTestId('notice-row').filter({ hasText: PUBLIC_TITLE })).toBeVisible();
  await expect(out.getByTestId('notice-row').filter({ hasText: COMPANY_TITLE })).toHaveCount(0);
  await shot(out, 'public-list');
  await out.getByTestId('notice-row').filter({ hasText: PUBLIC_TITLE }).click();
  await expect(out.getByTestId('notice-title')).toHaveText(PUBLIC_TITLE);
  await expect(out.getByTestId('notice-content')).toContainText('New release');
  expect(await out.getByTestId('notice-content').innerHTML()).not.toContain('script');
  // The PDF names Helvetica without embedding it: pdf.js draws it from its bundled standard font file,
  // served same-origin under the CSP, not from a guessed system font.
  const fontFile = out.waitForResponse((r) => r.url().includes('/pdfjs/standard_fonts/'), {
    timeout: 30_000,
  });
  await out.getByTestId('attachment-open-pdf').click();
  const font = await fontFile;
  expect(font.status()).toBe(200);
  expect(font.url()).toMatch(/\/pdfjs\/standard_fonts\/[\w-]+\.(pfb|ttf)$/);
  expect((await font.body()).length).toBeGreaterThan(10_000);
  const viewer = out.getByTestId('pdf-viewer');
  await expect(viewer).toHaveAttribute('data-pages', '2', { timeout: 30_000 });
  await expect(viewer).toHaveAttribute('data-rendered', '1@1');
  await out.getByTestId('pdf-next').click();
  await expect(viewer).toHaveAttribute('data-rendered', '2@1');
  await out.getByTestId('pdf-zoom-in').click();
  await expect(out.getByTestId('pdf-zoom')).toHaveText('125%');
  await expect(viewer).toHaveAttribute('data-rendered', '2@1.25');
  // Something was drawn: the canvas is not blank.
  const inked = await viewer.locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 16) if (d[i]! < 128) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(50);
  await viewer.scrollIntoViewIfNeeded();
  await shot(out, 'pdf-logged-out');
  expect(cspErrors).toEqual([]);
  // The company notice is not reachable by id either.
  const hidden = await out.request.get(`/api/notices?perPage=100`);
  expect(JSON.stringify(await hidden.json())).not.toContain(COMPANY_TITLE);
  await anon.close();

  // ---- the company's user reads the company notice and opens its PDF on /pdfViewer ----
  const user = await browser.newContext({ baseURL, viewport: { width: 1280, height: 768 } });
  const up = await user.newPage();
  await login(up, 'demo-company');
  await open(up, '/notices', 'notice-list');
  await up.getByTestId('notice-row').filter({ hasText: COMPANY_TITLE }).click();
  await expect(up.getByTestId('notice-scope')).toContainText('Demo Company');
  await up.getByTestId('attachment-open-pdf').click();
  await expect(up).toHaveURL(/\/pdfViewer\/[0-9a-f-]+\?notice=\d+$/);
  await expect(up.getByTestId('pdf-viewer')).toHaveAttribute('data-rendered', '1@1', { timeout: 30_000 });
  await expect(up.getByTestId('pdf-page-count')).toContainText('2');
  await shot(up, 'pdf-viewer');
  await user.close();
});

test('the service admin (role 2) manages notices from its own navigation; the rest of /admin stays closed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Service admin notice ${RUN}`;
  await login(page, 'demo-service');
  const nav = page.getByTestId('side-nav');
  // My statistics sits in the my section; notice management among the general entries (no admin entry).
  await expect(nav.getByTestId('nav-myStatistics')).toBeVisible({ timeout: 30_000 });
  await expect(nav.getByTestId('nav-admin')).toHaveCount(0);
  await nav.getByTestId('nav-noticeAdmin').click();
  await expect(page).toHaveURL(/\/admin\/notice$/);
  await expect(page.getByTestId('notice-admin-list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('side-nav').getByTestId('nav-noticeAdmin')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByTestId('notice-create').click();
  await expect(page.getByTestId('notice-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('notice-title-input').fill(title);
  await page.getByTestId('notice-editor').click();
  await page.keyboard.type('Written by the service admin.');
  await page.getByTestId('notice-save').click();
  await expect(page).toHaveURL(/\/admin\/notice\/\d+$/);
  await expect(page.getByTestId('notice-content')).toContainText('Written by the service admin.');
  await page.mouse.move(0, 0);
  await shot(page, 'service-admin-detail');
  await open(page, '/admin/notice', 'notice-admin-list');
  await expect(page.getByTestId('notice-row').filter({ hasText: title })).toBeVisible();
  await shot(page, 'service-admin-list');
  // The other admin pages still send role 2 away.
  for (const path of ['/admin', '/admin/company', '/admin/algorithm']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/train/, { timeout: 30_000 });
  }
  // My statistics from the side nav.
  await page.getByTestId('side-nav').getByTestId('nav-myStatistics').click();
  await expect(page).toHaveURL(/\/my\/statistics$/);
  await expect(page.getByTestId('my-statistics')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('side-nav').getByTestId('nav-myStatistics')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await shot(page, 'service-admin-my-statistics');
});

test("a training's notification appears in the dropdown and follows it to done", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(400_000);
  const api: APIRequestContext = await playwright.request.newContext({ baseURL });
  const headers = bearer(await apiLogin(api, 'demo-user'));
  const projects = await json<{ id: number }[]>(await api.get('/api/projects', { headers }), 'projects');
  const projectId = projects[0]!.id;
  const uploaded = await json<{ dataset_id: number }>(
    await api.post('/api/v2/datasets/upload', {
      headers,
      multipart: {
        project_id: String(projectId),
        name: `notice_${RUN}`,
        type: 'cf',
        file: { name: 'notice.zip', mimeType: 'application/zip', buffer: await cfZip() },
      },
      timeout: 120_000,
    }),
    'upload',
  );
  const algorithms = await json<{ data: { id: number; engineKey: string }[] }>(
    await api.get('/api/algorithms', { headers, params: { projectId, kind: 'training', perPage: 100 } }),
    'algorithms',
  );
  const algorithm = algorithms.data.find((a) => a.engineKey === 'cf-resnet') ?? algorithms.data[0]!;

  await login(page, 'demo-user');
  const model = `notify_${RUN}`;
  const learning = await json<{ id: number }>(
    await api.post('/api/v2/learnings', {
      headers,
      data: {
        dataset_id: uploaded.dataset_id,
        name: model,
        algorithm_id: algorithm.id,
        params: { epochs: 12, batchSize: 8, inputSize: 32, width: 8, patience: 30 },
      },
    }),
    'learning',
  );
  // The dropdown shows it at the top, in progress, and moves with it (server-sent events, no reload).
  await page.getByTestId('notifications-button').click();
  const first = page.getByTestId('notifications-dropdown').getByTestId('notification-item').first();
  await expect(first).toContainText(/학습|Training/);
  // Named by its work and project.
  await expect(first).toContainText(model);
  await expect(first).toContainText('Demo inspection project');
  await expect(first.getByTestId('notification-status')).toHaveText(/대기중|진행중|Waiting|In progress/);
  const seen = new Set<string>();
  let shotRunning = false;
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    const status = (await first.getByTestId('notification-status').textContent()) ?? '';
    const progress = first.getByTestId('notification-progress');
    const pct = (await progress.count()) ? ((await progress.textContent()) ?? '') : '';
    seen.add(`${status} ${pct}`);
    if (!shotRunning && /진행중|In progress/.test(status) && pct && pct !== '0%') {
      await shot(page, 'dropdown-running');
      shotRunning = true;
    }
    if (/완료|Done|실패|Failed/.test(status)) break;
    await page.waitForTimeout(250);
  }
  console.log(`notification states seen: ${[...seen].join(' → ')}`);
  await expect(first.getByTestId('notification-status')).toHaveText(/완료|Done/);
  expect(seen.size).toBeGreaterThan(2);
  await shot(page, 'dropdown-done');
  const row = await json<{ status: string }>(
    await api.get(`/api/v2/learnings/${learning.id}`, { headers }),
    'learning',
  );
  expect(row.status).toBe('done');

  // ---- /my/notifications: the page, unread state, mark all read ----
  await page.getByTestId('notifications-all').click();
  await expect(page).toHaveURL(/\/my\/notifications$/);
  await expect(page.getByTestId('notification-row').first()).toHaveAttribute('data-read', 'false');
  await shot(page, 'my-notifications');
  await page.getByTestId('mark-all-read').click();
  await expect(page.getByTestId('notification-row').first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('notifications-button')).toHaveAttribute('data-unread', '0');

  // ---- resource monitoring while a longer training runs or waits, then statistics ----
  const long = await json<{ id: number }>(
    await api.post('/api/v2/learnings', {
      headers,
      data: {
        dataset_id: uploaded.dataset_id,
        name: `long_${RUN}`,
        algorithm_id: algorithm.id,
        params: { epochs: 400, batchSize: 8, inputSize: 32, width: 8, patience: 100 },
      },
    }),
    'long learning',
  );
  await open(page, '/resource-monitoring', 'resource-monitoring');
  const active = page.getByTestId('usage-jobs-active');
  await expect(active.getByTestId('usage-job-row').filter({ hasText: `long_${RUN}` })).toBeVisible();
  await expect(active.getByTestId('usage-job-row').filter({ hasText: `long_${RUN}` })).toContainText(
    'Demo User',
  );
  await shot(page, 'resource-monitoring');
  await json(await api.post(`/api/v2/learnings/${long.id}/cancel`, { headers }), 'cancel');

  await open(page, '/resource-monitoring/train', 'resource-monitoring');
  const trained = page.getByTestId('usage-jobs-any').getByTestId('usage-job-row').filter({ hasText: model });
  await expect(trained).toHaveAttribute('data-status', 'succeeded');
  await shot(page, 'resource-monitoring-train');

  await open(page, '/my/statistics', 'my-statistics');
  const mine = page.getByTestId('usage-group-learning');
  await expect(mine).toBeVisible();
  expect(Number(await mine.getAttribute('data-total'))).toBeGreaterThanOrEqual(2);
  await shot(page, 'my-statistics');
  await open(page, '/my/statistics/trend', 'my-statistics');
  const month = new Date().toISOString().slice(0, 7);
  await expect(page.getByTestId('usage-trend-row').filter({ hasText: month })).toBeVisible();
  expect(
    Number(
      await page.getByTestId('usage-trend-row').filter({ hasText: month }).getAttribute('data-learning'),
    ),
  ).toBeGreaterThanOrEqual(2);
  await shot(page, 'my-statistics-trend');
  await api.dispose();
});

test('use history, admin statistics, status and the screen map for the system admin', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await open(page, '/use-history', 'use-history');
  const learning = page.getByTestId('usage-group-learning');
  await expect(learning).toBeVisible();
  expect(Number(await learning.getAttribute('data-total'))).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('usage-type-new')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('usage-csv').click();
  expect((await download).suggestedFilename()).toBe('usage-status.csv');
  await shot(page, 'use-history');
  await page.getByTestId('usage-tab-trend').click();
  await expect(page).toHaveURL(/\/use-history\/trend$/);
  await expect(page.getByTestId('usage-trend')).toBeVisible();
  await shot(page, 'use-history-trend');

  await open(page, '/admin/statistics/train', 'admin-statistics');
  await expect(page.getByTestId('usage-jobs-any').getByTestId('usage-job-row').first()).toBeVisible();
  await shot(page, 'admin-statistics-train');

  await open(page, '/status', 'status-page');
  await expect(page.getByTestId('status-database')).toHaveAttribute('data-ok', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('status-storage')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('status-workers')).toBeVisible();
  await shot(page, 'status');

  await page.goto('/wireframe');
  const map = page.getByTestId('wireframe-page');
  await expect(map).toBeVisible();
  // Every route of the table is on the map, each with a link.
  await expect(page.getByTestId('wireframe-link')).toHaveCount(
    Number(await map.getAttribute('data-screens')),
  );
  await page
    .getByTestId('wireframe-link')
    .filter({ hasText: /^\/notices$/ })
    .click();
  await expect(page).toHaveURL(/\/notices$/);
  await page.goto('/wireframe');
  await expect(map).toBeVisible();
  await shot(page, 'wireframe');
});

test('every screen of issue 17 opens for the role that may see it (no error, no redirect)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const visit = async (p: Page, path: string, testId: string) => {
    await p.goto(path);
    await expect(p.getByTestId(testId), path).toBeVisible({ timeout: 30_000 });
    await expect(p.getByTestId('not-found'), path).toHaveCount(0);
    await expect(p.getByTestId('route-error'), path).toHaveCount(0);
    expect(new URL(p.url()).pathname, path).toBe(path.split('?')[0]);
  };
  // Ids of the public notice made by the first test (a PDF attached).
  const list = await (await page.request.get('/api/notices?perPage=100')).json();
  const pub = (list.data.data as { id: number; title: string }[]).find((n) => n.title === PUBLIC_TITLE)!;
  const detail = (await (await page.request.get(`/api/notices/${pub.id}`)).json()).data as {
    attachments: { id: string; is_pdf: boolean }[];
  };
  const pdf = detail.attachments.find((a) => a.is_pdf)!;

  // Logged out: the public pages.
  const anon = await browser.newContext({ baseURL, viewport: { width: 1280, height: 768 } });
  const out = await anon.newPage();
  for (const [path, id] of [
    ['/notices', 'notice-list'],
    [`/notices/${pub.id}`, 'notice-view'],
    ['/notices/cs', 'cs-notices'],
    [`/notices/cs/${pub.id}`, 'cs-notices'],
    ['/notices/pri/deep', 'privacy-deep'],
    ['/notices/pri/edge', 'privacy-edge'],
    ['/notices/pri/setup-wizard', 'privacy-setup-wizard'],
    ['/cs', 'cs-inquiry-type'],
    ['/privacyPolicy', 'privacy-products'],
  ] as const)
    await visit(out, path, id);
  await out.goto('/intro');
  await expect(out).toHaveURL(/\/intro$/);
  await expect(out.getByTestId('not-found')).toHaveCount(0);
  await anon.close();

  // The service admin (role 2): notice management, its statistics, notifications, use history, monitoring.
  await login(page, 'demo-service');
  for (const [path, id] of [
    ['/admin/notice', 'notice-admin-list'],
    ['/admin/notice/create', 'notice-form'],
    [`/admin/notice/${pub.id}`, 'notice-view'],
    [`/admin/notice/${pub.id}/edit`, 'notice-form'],
    ['/admin/notice/company', 'notice-admin-list'],
    ['/admin/notice/company/create', 'notice-form'],
    ['/my/notifications', 'my-notifications'],
    ['/my/statistics', 'my-statistics'],
    ['/my/statistics/train', 'my-statistics'],
    ['/my/statistics/trend', 'my-statistics'],
    ['/use-history', 'use-history'],
    ['/use-history/train', 'use-history'],
    ['/use-history/trend', 'use-history'],
    ['/resource-monitoring', 'resource-monitoring'],
    ['/resource-monitoring/train', 'resource-monitoring'],
    ['/resource-monitoring/trend', 'resource-monitoring'],
  ] as const)
    await visit(page, path, id);
  await visit(page, `/pdfViewer/${pdf.id}?notice=${pub.id}`, 'pdf-viewer-page');
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-rendered', '1@1', { timeout: 30_000 });

  // The system admin: admin statistics, status, the screen map.
  const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 768 } });
  const ap = await admin.newPage();
  await login(ap, 'admin');
  for (const [path, id] of [
    ['/admin/statistics/train', 'admin-statistics'],
    ['/admin/statistics/trend', 'admin-statistics'],
    ['/status', 'status-page'],
    ['/wireframe', 'wireframe-page'],
  ] as const)
    await visit(ap, path, id);
  await admin.close();
});
