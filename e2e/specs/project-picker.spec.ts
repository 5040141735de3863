// Current project (SPEC §4): the remembered project is kept; choosing a project whose usage period
// ended is refused with the expired-project message; choosing a valid one makes it current.
import { expect, test } from '@playwright/test';
import { apiLogin, bearer, credentials, E2E_BASE_URL, login } from '../helpers';

test('choosing projects from the header: expired refused, valid one becomes current', async ({
  page,
  request,
  context,
}) => {
  const admin = await apiLogin(request, credentials.admin);
  const info = await (await request.get('/api/user/information', { headers: bearer(admin) })).json();
  const demo = info.data.projects[0] as { id: number; title: string; company: { id: number } };
  const stamp = Date.now().toString(36);
  const mk = async (title: string, endDate: string | null) => {
    const res = await request.post('/api/admin/projects', {
      headers: bearer(admin),
      data: {
        code: `P${stamp}${title.length}`,
        companyId: demo.company.id,
        title,
        startDate: '2024-01-01',
        endDate,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as { id: number; title: string };
  };
  const expired = await mk(`Expired ${stamp}`, '2024-12-31');
  const open = await mk(`Open project ${stamp}`, null);
  const username = `pick${stamp}`;
  const password = 'Picker-pass-2024!';
  const created = await request.post('/api/admin/users', {
    headers: bearer(admin),
    data: {
      username,
      password,
      roleId: 4,
      companyId: demo.company.id,
      name: 'Picker Tester',
      department: 'QA',
      projects: [demo, expired, open].map((p) => ({ projectId: p.id, permissions: [1, 2] })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The remembered project (cookie) is kept when the user still has it.
  await context.addCookies([
    { name: 'current_project', value: JSON.stringify({ id: demo.id }), url: E2E_BASE_URL },
  ]);
  await login(page, { username, password }, { expectUrl: /\/train$/ });
  const select = page.getByTestId('project-select');
  await expect(select).toHaveValue(demo.title);

  await select.click();
  await page.getByRole('option', { name: expired.title }).click();
  await expect(page.getByText('프로젝트 사용 기간이 만료되어 접근할 수 없습니다.')).toBeVisible();
  await expect(page.getByText('기간 연장은 고객센터로 문의해 주세요.')).toBeVisible();
  await expect(select).toHaveValue(demo.title);

  await select.click();
  await page.getByRole('option', { name: open.title }).click();
  await expect(select).toHaveValue(open.title);
  await expect(page).toHaveURL(/\/train$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'current_project');
  expect(JSON.parse(decodeURIComponent(cookie!.value)).id).toBe(open.id);

  // A reload keeps the chosen project.
  await page.reload();
  await expect(page.getByTestId('project-select')).toHaveValue(open.title);
});
