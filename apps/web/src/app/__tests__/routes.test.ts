import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../routes';

// SPEC §2, written out by hand so a removed or renamed line in routes.tsx is caught.
const ids = (base: string, kinds: string[]) => kinds.map((k) => `${base}/${k}`);
const SPEC_PATHS = [
  '/',
  '/auth/login',
  '/intro',
  '/cs',
  '/privacyPolicy',
  '/notices',
  '/notices/:id',
  '/notices/cs/:id?',
  '/notices/pri/deep',
  '/notices/pri/edge',
  '/notices/pri/setup-wizard',
  '/pdfViewer/:id?',
  '/status',
  '/wireframe',
  '/resource-monitoring',
  '/resource-monitoring/train',
  '/resource-monitoring/trend',
  '/use-history',
  '/use-history/train',
  '/use-history/trend',
  '/train',
  '/train/dataset',
  '/train/processing',
  '/train/processing/index.back',
  ...ids('/train/processing/add', ['', 'ai', 'ai.bak', 'augmentation', 'new']).map((p) =>
    p.replace(/\/$/, ''),
  ),
  ...['cf', 'od', 'sg'].flatMap((k) => [
    `/train/processing/:id/${k}`,
    `/train/processing/:id/${k}/result`,
    `/train/processing/:id/${k}/index.back`,
    `/train/processing/:id/${k}/result/index.back`,
  ]),
  '/train/learning',
  '/train/learning/add',
  '/train/learning/relearning',
  ...ids('/train/learning/:id', ['cf', 'od', 'sg']),
  '/train/inference',
  '/train/inference/add',
  '/train/inference/compare',
  '/train/inference/compare/:id',
  '/train/inference/:id',
  ...ids('/train/inference/:id', ['cf', 'od', 'sg']),
  ...ids('/train/inference/:id/result', ['ad', 'cf', 'od', 'sg']),
  '/monitoring',
  '/monitoring/inspection',
  '/monitoring/inspection/option',
  '/monitoring/inspection/report',
  '/monitoring/inspection/sampling',
  '/monitoring/inspection/:id',
  ...ids('/monitoring/inspection/:id', ['cf', 'od']),
  ...ids('/monitoring/inspection/:id/result', ['cf', 'od']),
  '/monitoring/line',
  '/monitoring/line/index_dummy',
  '/monitoring/line/report',
  '/monitoring/line/report/search',
  '/monitoring/model-history',
  '/my',
  '/my/change-password',
  '/my/notifications',
  '/my/projects',
  '/my/projects/create',
  '/my/projects/:id',
  '/my/projects/:id/edit',
  '/my/projects/:id/user',
  '/my/projects/:id/user/manager',
  '/my/statistics',
  '/my/statistics/train',
  '/my/statistics/trend',
  '/my/usage-projects',
  '/my/user',
  '/my/user/create',
  '/my/user/:id',
  '/my/user/:id/edit',
  '/admin',
  '/admin/history',
  '/admin/algorithm',
  '/admin/algorithm/create',
  '/admin/algorithm/:id',
  '/admin/algorithm/:id/edit',
  '/admin/company',
  '/admin/company/create',
  '/admin/company/:id',
  '/admin/notice',
  '/admin/notice/create',
  '/admin/notice/:id',
  '/admin/notice/:id/edit',
  '/admin/notice/company',
  '/admin/notice/company/create',
  '/admin/notice/company/:id',
  '/admin/notice/company/:id/edit',
  '/admin/project',
  '/admin/project/create',
  '/admin/project/:id',
  '/admin/project/:id/edit',
  '/admin/project/:id/user',
  '/admin/project/:id/user/manager',
  '/admin/user',
  '/admin/user/create',
  '/admin/user/reset',
  '/admin/user/reset/:id',
  '/admin/user/:id',
  '/admin/user/:id/edit',
  '/admin/statistics/train',
  '/admin/statistics/trend',
];

describe('route table', () => {
  const paths = APP_ROUTES.map((r) => r.path);

  it('has every SPEC §2 route, each once', () => {
    // Features may add sub-pages (e.g. a dataset detail); none of the SPEC paths may go missing.
    expect(SPEC_PATHS.filter((p) => !paths.includes(p))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('puts areas in their layouts and marks only the SPEC public pages public', () => {
    for (const r of APP_ROUTES) {
      if (r.path.startsWith('/admin')) expect([r.layout, r.area]).toEqual(['admin', 'admin']);
      if (r.path.startsWith('/monitoring')) expect([r.layout, r.area]).toEqual(['monitoring', 'monitoring']);
      if (r.path.startsWith('/train')) expect([r.layout, r.area]).toEqual(['default', 'train']);
    }
    const pub = APP_ROUTES.filter((r) => r.public).map((r) => r.path);
    for (const p of pub) expect(/^\/(auth\/login|notices|intro|cs|privacyPolicy)/.test(p)).toBe(true);
    expect(pub).toEqual(
      expect.arrayContaining(['/auth/login', '/notices', '/intro', '/cs', '/privacyPolicy']),
    );
  });
});
