import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../harness';

const t = setupTestApp();

describe('OpenAPI document', () => {
  it('describes every tenancy route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/admin/companies',
      '/api/admin/users/{id}',
      '/api/admin/projects/{id}/participants',
      '/api/admin/algorithms/{id}/description',
      '/api/auth/password-reset-request',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
