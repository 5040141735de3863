// Tenancy and administration end to end: the system admin registers a company, a project with a line,
// a company admin and a user with training permission only; that user reaches /train but not
// /monitoring or /admin; the company admin sees only their company; a password-reset request made on
// the login page is handled in /admin/user/reset and the user is forced to change the password.
// Every admin and my page is captured at 1280×768 into e2e/screenshots/.
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, bearer, login } from './helpers';

const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const shot = async (page: Page, name: string) => {
  // A dialog is captured only once its opening transition has finished, not half faded in.
  // (A dialog that is closing instead is not waited for; the page shots wait for it to go in settled()).
  const open = page.getByRole('dialog').filter({ visible: true });
  if (await open.count())
    await expect(open.last())
      .toHaveCSS('opacity', '1', { timeout: 3000 })
      .catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}${name}.png` });
};

/** Waits for the page to settle (no spinner, no dialog still fading out) before a screenshot. */
async function settled(page: Page) {
  await expect(page.getByTestId('spinner')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

const suffix = Date.now().toString(36).slice(-5);
const companyName = `E2E 정밀 ${suffix}`;
const projectCode = `E2E-${suffix}`.toUpperCase();
const projectTitle = `외관 검사 ${suffix}`;
const lineCode = `LINE-${suffix}`.toUpperCase();
const companyAdmin = { username: `e2e-cadmin-${suffix}`, password: 'Cadmin-pass-2024!', name: '김관리' };
const user = { username: `e2e-user-${suffix}`, password: 'User-pass-2024!', name: '이학습' };
const newPassword = 'Changed-pass-2024!';

/** Picks a row in the company or project select dialog by searching for it. */
async function pickInDialog(page: Page, dialogTestId: string, search: string) {
  const dialog = page.getByTestId(dialogTestId);
  await expect(dialog.getByTestId('picker-search')).toBeVisible();
  await dialog.getByTestId('picker-search').fill(search);
  await dialog.getByTestId('picker-search').press('Enter');
  await dialog.getByRole('cell', { name: search, exact: true }).click();
  await dialog.getByTestId('picker-confirm').click();
  await expect(dialog).toBeHidden();
}

async function chooseRole(page: Page, roleLabel: string) {
  await page.getByTestId('user-role').click();
  await page.getByRole('option', { name: roleLabel, exact: true }).click();
}

async function checkUsername(page: Page, value: string) {
  await page.getByTestId('user-username').fill(value);
  await page.getByTestId('user-username-check').click();
}

async function newUserPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe.serial('tenancy administration', () => {
  let projectId = 0;

  test('the system admin registers a company (inline required message first)', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/admin/company');
    await settled(page);
    await shot(page, 'admin-company-list');
    await page.goto('/admin/company/create');
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page.getByText('회사명을(를) 입력해 주세요.')).toBeVisible();
    await shot(page, 'admin-company-create');
    await page.getByLabel('회사명').fill(companyName);
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page).toHaveURL(/\/admin\/company\/\d+$/);
    await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
    // The server's refusal of a duplicate name appears under the field, not only as a flash.
    await page.goto('/admin/company/create');
    await page.getByLabel('회사명').fill(companyName);
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page.locator('.mantine-TextInput-error')).toHaveText('이미 등록된 회사명입니다.');
    await expect(page).toHaveURL(/\/admin\/company\/create$/);
  });

  test('registers a project (code duplicate check) with an inspection line', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/admin/project/create');
    await page.getByTestId('project-save').click();
    await expect(page.getByText('프로젝트명을(를) 입력해 주세요.')).toBeVisible();
    await page.getByTestId('project-code').fill('DEMO-0001');
    await page.getByTestId('project-code-check').click();
    await expect(page.getByText('이미 사용 중인 프로젝트 코드입니다.')).toBeVisible();
    await page.getByTestId('project-code').fill('ab');
    await page.getByTestId('project-code-check').click();
    await expect(page.getByText('4자 이상 입력해 주세요.')).toBeVisible();
    await page.getByTestId('project-code').fill(projectCode);
    await page.getByTestId('project-code-check').click();
    await expect(page.getByText('사용 가능합니다.')).toBeVisible();
    await page.getByTestId('project-title').fill(projectTitle);
    await page.getByTestId('company-picker-open').click();
    await shot(page, 'admin-company-select-dialog');
    await pickInDialog(page, 'company-select-dialog', companyName);
    await expect(page.getByTestId('company-picker')).toHaveValue(companyName);
    await shot(page, 'admin-project-create');
    await page.getByTestId('project-save').click();
    await expect(page).toHaveURL(/\/admin\/project\/\d+$/);
    projectId = Number(page.url().split('/').pop());

    await page.getByTestId('line-add').click();
    await page.getByTestId('line-save').click();
    await expect(page.getByText('라인 코드을(를) 입력해 주세요.')).toBeVisible();
    await page.getByTestId('line-code').fill(lineCode);
    await page.getByTestId('line-name').fill('1라인');
    await page.getByTestId('line-product').fill('PCB');
    await page.getByTestId('line-process').fill('외관');
    await page.getByTestId('line-save').click();
    await expect(page.getByTestId('line-table')).toContainText(lineCode);
    await settled(page);
    await shot(page, 'admin-project-detail');
  });

  test('registers a company admin (ID taken, ID unavailable, then a free ID)', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/admin/user/create');
    await chooseRole(page, '회사 관리자');
    await checkUsername(page, 'demo-user');
    await expect(page.getByText('이미 사용 중인 아이디입니다. 새로운 아이디를 입력해 주세요.')).toBeVisible();
    await checkUsername(page, 'admin');
    await expect(page.getByText('사용할 수 없는 아이디입니다.')).toBeVisible();
    await checkUsername(page, companyAdmin.username);
    await expect(page.getByText('사용 가능합니다.')).toBeVisible();
    await page.getByTestId('company-picker-open').click();
    await pickInDialog(page, 'company-select-dialog', companyName);
    await page.getByTestId('user-password').fill(companyAdmin.password);
    await page.getByTestId('user-name').fill(companyAdmin.name);
    await page.getByTestId('user-department').fill('품질팀');
    await page.getByTestId('user-save').click();
    await expect(page).toHaveURL(/\/admin\/user\/\d+$/);
    await expect(page.getByTestId('user-detail')).toContainText('회사 관리자');
  });

  test('registers a user holding only the training permission in the project', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/admin/user/create');
    await page.getByTestId('user-save').click();
    await expect(page.getByText('이름을(를) 입력해 주세요.')).toBeVisible();
    await expect(page.getByText('부서을(를) 입력해 주세요.')).toBeVisible();
    await checkUsername(page, user.username);
    await expect(page.getByText('사용 가능합니다.')).toBeVisible();
    await page.getByTestId('company-picker-open').click();
    await pickInDialog(page, 'company-select-dialog', companyName);
    await page.getByTestId('user-password').fill(user.password);
    await page.getByTestId('user-name').fill(user.name);
    await page.getByTestId('user-department').fill('생산팀');
    await page.getByTestId('user-project-add').click();
    await pickInDialog(page, 'project-select-dialog', projectCode);
    await expect(page.getByTestId(`user-project-${projectCode}-permission-1`)).toBeChecked();
    await expect(page.getByTestId(`user-project-${projectCode}-permission-2`)).not.toBeChecked();
    await shot(page, 'admin-user-create');
    await page.getByTestId('user-save').click();
    await expect(page).toHaveURL(/\/admin\/user\/\d+$/);
    const detail = page.getByTestId('user-detail');
    await expect(detail).toContainText(projectCode);
    await expect(detail.getByText('학습', { exact: true })).toBeVisible();
    await expect(detail.getByText('모니터링', { exact: true })).toHaveCount(0);
    await shot(page, 'admin-user-detail');
  });

  test('that user reaches /train and is refused /monitoring and /admin', async ({ browser }) => {
    const page = await newUserPage(browser);
    await login(page, user, { expectUrl: /\/train$/ });
    await page.goto('/monitoring');
    await expect(page).toHaveURL(/\/train$/);
    await page.goto('/admin');
    await expect(page).not.toHaveURL(/\/admin/);
    await page.goto('/admin/company');
    await expect(page).not.toHaveURL(/\/admin/);
    await page.goto('/my/usage-projects');
    await expect(page.getByTestId('usage-projects')).toContainText(projectCode);
    await expect(page.getByTestId('usage-projects')).not.toContainText('DEMO-0001');
    await settled(page);
    await shot(page, 'my-usage-projects');
    await page.goto('/my');
    await expect(page.getByTestId('my-info')).toContainText(user.username);
    await shot(page, 'my-info');
    await page.context().close();
  });

  test('the company admin sees only their own company', async ({ browser, request }) => {
    const token = await apiLogin(request, companyAdmin);
    const companies = await (await request.get('/api/admin/companies', { headers: bearer(token) })).json();
    expect(companies.data.total).toBe(1);
    expect(companies.data.data[0].name).toBe(companyName);
    const other = await request.get('/api/admin/companies/1', { headers: bearer(token) });
    expect(other.status()).toBe(404);

    const page = await newUserPage(browser);
    await login(page, companyAdmin);
    await page.goto('/admin');
    await expect(page).not.toHaveURL(/\/admin/);
    await page.goto('/my/user');
    const users = page.getByTestId('user-list');
    await expect(users).toContainText(user.username);
    await expect(users).toContainText(companyAdmin.username);
    await expect(users).not.toContainText('demo-user');
    await page.goto('/my/projects');
    const projects = page.getByTestId('project-list');
    await expect(projects).toContainText(projectCode);
    await expect(projects).not.toContainText('DEMO-0001');
    await page.context().close();
  });

  test('a reset request is made on the login page, handled by the admin, and forces a change', async ({
    browser,
    page,
  }) => {
    await page.goto('/auth/login');
    await page.getByTestId('forgot-password').click();
    await page.getByTestId('reset-username').fill(user.username);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-done')).toBeVisible();

    const admin = await newUserPage(browser);
    await login(admin, 'admin');
    await admin.goto('/admin/user/reset');
    const row = admin.getByRole('row', { name: new RegExp(user.username) });
    await expect(row).toContainText('미처리');
    await settled(admin);
    await shot(admin, 'admin-reset-list');
    await row.click();
    await expect(admin).toHaveURL(/\/admin\/user\/reset\/\d+$/);
    await admin.getByTestId('reset-handle').click();
    await admin.getByTestId('confirm-ok').click();
    const temporary = (await admin.getByTestId('temporary-password-value').textContent())!.trim();
    expect(temporary.length).toBeGreaterThanOrEqual(8);
    await expect(admin.getByTestId('reset-status')).toHaveText('변경 완료');
    await shot(admin, 'admin-reset-detail');
    // Shown once: a reload shows the handled request without the password.
    await admin.reload();
    await expect(admin.getByTestId('reset-status')).toHaveText('변경 완료');
    await expect(admin.getByTestId('temporary-password')).toHaveCount(0);
    await admin.context().close();

    const again = await newUserPage(browser);
    await again.goto('/auth/login');
    await again.getByTestId('login-username').fill(user.username);
    await again.getByTestId('login-password').fill(temporary);
    await again.getByTestId('login-submit').click();
    await expect(again).toHaveURL(/\/my\/change-password$/);
    await expect(again.getByTestId('forced-change-notice')).toBeVisible();
    await again.goto('/train');
    await expect(again).toHaveURL(/\/my\/change-password$/);
    await again.getByTestId('cp-old').fill(temporary);
    await again.getByTestId('cp-new').fill(newPassword);
    await again.getByTestId('cp-confirm').fill(newPassword);
    await again.getByTestId('cp-submit').click();
    await expect(again).not.toHaveURL(/change-password/);
    await again.goto('/train');
    await expect(again).toHaveURL(/\/train$/);
    await again.context().close();
  });

  test('participants, managers and their dialogs', async ({ page }) => {
    await login(page, 'admin');
    await page.goto(`/admin/project/${projectId}/user`);
    const table = page.getByTestId('participants');
    await expect(table).toContainText(user.username);
    await settled(page);
    await shot(page, 'admin-project-participants');

    await page.getByTestId(`edit-permission-${user.username}`).click();
    await page.getByTestId('permission-1').uncheck();
    await page.getByTestId('permission-save').click();
    await expect(page.getByText('권한을 하나 이상 선택해 주세요.')).toBeVisible();
    await shot(page, 'admin-permission-dialog');
    await page.getByTestId('permission-1').check();
    await page.getByTestId('permission-save').click();
    await expect(page.getByText('권한을 하나 이상 선택해 주세요.')).toHaveCount(0);

    await page.getByTestId('participant-add').click();
    await page.getByTestId('participant-save').click();
    await expect(page.getByText('사용자을(를) 입력해 주세요.')).toBeVisible();
    await shot(page, 'admin-participant-add-dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/admin/project/${projectId}/user/manager`);
    await page.getByTestId('manager-add').click();
    const dialog = page.getByTestId('admin-add-dialog');
    // A user of another company cannot be made an administrator of this project; an unknown ID is unavailable.
    await dialog.getByTestId('manager-username').fill('demo-user');
    await dialog.getByTestId('manager-add-by-id').click();
    await expect(dialog.getByTestId('manager-problem')).toHaveText('관리자로 등록할 수 없는 계정입니다.');
    await dialog.getByTestId('manager-username').fill(`nobody-${suffix}`);
    await dialog.getByTestId('manager-add-by-id').click();
    await expect(dialog.getByTestId('manager-problem')).toHaveText('사용할 수 없는 아이디입니다.');
    await dialog.getByTestId('manager-username').fill('');
    await dialog.getByTestId('picker-search').fill(companyAdmin.username);
    await dialog.getByTestId('picker-search').press('Enter');
    await dialog.getByRole('cell', { name: companyAdmin.username, exact: true }).click();
    await shot(page, 'admin-manager-add-dialog');
    await dialog.getByTestId('manager-save').click();
    await expect(page.getByTestId('managers')).toContainText(companyAdmin.username);
    await settled(page);
    await shot(page, 'admin-project-managers');
  });

  test('the remaining admin pages render with real data', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByTestId('dashboard-counts')).toContainText('회사');
    await expect(page.getByTestId('dashboard-recent')).toContainText(user.username);
    await shot(page, 'admin-dashboard');
    await page.goto('/admin/history');
    await expect(page.getByTestId('nav-dashboard')).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('admin-history')).toContainText('회사 등록');
    await settled(page);
    await shot(page, 'admin-history');

    await page.goto('/admin/project');
    await expect(page.getByTestId('project-list')).toContainText(projectCode);
    await settled(page);
    await shot(page, 'admin-project-list');
    await page.goto(`/admin/project/${projectId}/edit`);
    await expect(page.getByLabel('프로젝트 코드')).toBeDisabled();
    await shot(page, 'admin-project-edit');

    await page.goto('/admin/user');
    await expect(page.getByTestId('user-list')).toContainText(user.username);
    await settled(page);
    await shot(page, 'admin-user-list');
    await page.getByRole('row', { name: new RegExp(user.username) }).click();
    await expect(page.getByTestId('user-detail')).toBeVisible();
    await page.getByRole('button', { name: '기본 프로젝트' }).click();
    await expect(page.getByTestId('default-project-dialog')).toContainText(projectTitle);
    await shot(page, 'admin-default-project-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '이름 변경' }).click();
    const renameUser = page.getByRole('dialog');
    await renameUser.getByLabel('이름').fill('이학습일');
    await shot(page, 'admin-change-user-name-dialog');
    await renameUser.getByRole('button', { name: '저장' }).click();
    await expect(page.getByRole('heading', { name: `이학습일 (${user.username})` })).toBeVisible();
    await page.getByRole('link', { name: '수정' }).click();
    await expect(page).toHaveURL(/\/admin\/user\/\d+\/edit$/);
    await expect(page.getByTestId('user-form').getByLabel('부서')).toHaveValue('생산팀');
    await shot(page, 'admin-user-edit');

    const companyRow = (await page.request
      .get('/api/admin/companies?q=' + encodeURIComponent(companyName), {
        headers: bearer(await apiLogin(page.request, 'admin')),
      })
      .then((r) => r.json())) as { data: { data: { id: number }[] } };
    await page.goto(`/admin/company/${companyRow.data.data[0]!.id}`);
    await expect(page.getByTestId('company-projects')).toContainText(projectCode);
    await settled(page);
    await shot(page, 'admin-company-detail');
    await page.getByRole('button', { name: '회사명 변경' }).click();
    const rename = page.getByRole('dialog');
    await rename.getByLabel('회사명').fill('');
    await rename.getByRole('button', { name: '저장' }).click();
    await expect(rename.getByText('회사명을(를) 입력해 주세요.')).toBeVisible();
    await rename.getByLabel('회사명').fill(`${companyName} 주식회사`);
    await shot(page, 'admin-change-company-name-dialog');
    await rename.getByRole('button', { name: '저장' }).click();
    await expect(page.getByRole('heading', { name: `${companyName} 주식회사` })).toBeVisible();
  });

  test('algorithms: list, detail without a description image, parameter validation', async ({
    page,
    request,
  }) => {
    // Start from an algorithm without a document, also when the spec runs again on the same server.
    const headers = bearer(await apiLogin(request, 'admin'));
    const found = await (await request.get('/api/admin/algorithms?q=cf-resnet', { headers })).json();
    const resnet = (found.data.data as { id: number; engineKey: string }[]).find(
      (a) => a.engineKey === 'cf-resnet',
    )!;
    await request.delete(`/api/admin/algorithms/${resnet.id}/description`, { headers });

    await login(page, 'admin');
    await page.goto('/admin/algorithm');
    await expect(page.getByTestId('algorithm-list')).toContainText('cf-resnet');
    await settled(page);
    await shot(page, 'admin-algorithm-list');
    await page.getByRole('row', { name: /cf-resnet/ }).click();
    await expect(page.getByTestId('no-description')).toHaveText('알고리즘 설명 이미지가 없습니다.');
    await expect(page.getByTestId('algorithm-detail')).toContainText('epochs');
    await shot(page, 'admin-algorithm-detail');
    // A description image, drawn here so the test needs no fixture file.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="200"><rect width="640" height="200" fill="#f4e6ea"/>
      <rect x="20" y="60" width="120" height="80" fill="#9b1b30"/><rect x="180" y="60" width="120" height="80" fill="#1f2a44"/>
      <rect x="340" y="60" width="120" height="80" fill="#2f9e44"/><rect x="500" y="60" width="120" height="80" fill="#1c7ed6"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    await page.getByTestId('algorithm-description').locator('input[type=file]').setInputFiles({
      name: 'resnet-overview.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await expect(
      page.getByTestId('algorithm-description').getByRole('img', { name: 'resnet-overview.png' }),
    ).toBeVisible();
    await expect(page.getByTestId('no-description')).toHaveCount(0);
    await page.getByTestId('algorithm-description').scrollIntoViewIfNeeded();
    await shot(page, 'admin-algorithm-detail-document');
    await page.getByRole('link', { name: '수정' }).click();
    await expect(page).toHaveURL(/\/admin\/algorithm\/\d+\/edit$/);
    await page.getByTestId('trainParams-0-default').fill('9999');
    await page.getByTestId('algorithm-save').click();
    await expect(page.getByText('epochs: 최솟값 ≤ 기본값 ≤ 최댓값이어야 합니다.')).toBeVisible();
    await expect(page.getByText('epochs: 최솟값 ≤ 기본값 ≤ 최댓값이어야 합니다.')).toBeInViewport();
    await shot(page, 'admin-algorithm-edit');
    await page.goto('/admin/algorithm/create');
    await page.getByTestId('algorithm-engine').click();
    await page.getByRole('option', { name: /od-centernet/ }).click();
    await expect(page.getByTestId('inferenceParams-1-key')).toHaveValue('scoreThreshold');
    await shot(page, 'admin-algorithm-create');
  });

  test('the service admin has my projects and my users', async ({ page }) => {
    await login(page, 'demo-service');
    for (const [path, id, name] of [
      ['/my/projects', 'project-list', 'my-projects'],
      ['/my/user', 'user-list', 'my-user-list'],
      ['/my/usage-projects', 'usage-projects', 'my-usage-projects-service'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(id)).toBeVisible();
      await settled(page);
      await shot(page, name);
    }
    await page.goto('/my/projects/create');
    await expect(page.getByTestId('project-form')).toBeVisible();
    await shot(page, 'my-project-create');
    await page.goto('/my/user/create');
    await expect(page.getByTestId('user-form')).toBeVisible();
    await shot(page, 'my-user-create');
    await page.goto('/my');
    await expect(page.getByTestId('my-info')).toContainText('demo-service');
    // The same pages in English.
    await page.getByText('EN', { exact: true }).click();
    await page.goto('/my/usage-projects');
    await expect(page.getByRole('heading', { name: 'Projects in use' })).toBeVisible();
    await settled(page);
    await shot(page, 'my-usage-projects-en');
  });
});
