import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from './harness';

const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>shell</title>');
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');

const t = setupTestApp({ config: { webDist: web, workers: 1 } });

describe('errors and locale', () => {
  it('unknown /api paths answer JSON 404 in Korean by default, English by x-locale or Accept-Language', async () => {
    const ko = await t.app.inject({ url: '/api/does-not-exist' });
    expect(ko.statusCode).toBe(404);
    expect(ko.headers['content-type']).toMatch(/application\/json/);
    expect(ko.json()).toEqual({ error: { code: 'NOT_FOUND', message: '찾을 수 없습니다.' } });
    const en = await t.app.inject({ url: '/api/does-not-exist', headers: { 'x-locale': 'en' } });
    expect(en.json().error.message).toBe('Not found.');
    const al = await t.app.inject({
      url: '/api/nope',
      headers: { 'accept-language': 'en-GB,en;q=0.8,ko;q=0.5' },
    });
    expect(al.json().error.message).toBe('Not found.');
    const post = await t.app.inject({ method: 'POST', url: '/api/nope/deeper' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('NOT_FOUND');
  });

  it('a malformed JSON body is a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('requireRole answers 403 FORBIDDEN for other roles', async () => {
    const u = await t.factory.user({ roleId: 2 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/probe',
      headers: await t.loginAs(u),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});

describe('web app serving', () => {
  it('serves files, falls back to index.html for history-mode routes, 404 for missing assets', async () => {
    const shell = await t.app.inject({ url: '/train/learning/12/cf' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<title>shell</title>');
    expect((await t.app.inject({ url: '/' })).body).toContain('shell');
    expect((await t.app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    // Spec routes whose last segment has a dot are still app routes, not files.
    for (const url of ['/train/processing/add/ai.bak', '/train/learning/index.back']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('shell');
    }
  });
});

describe('OpenAPI and public endpoints', () => {
  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/auth/login',
      '/api/refresh-token',
      '/api/user/information',
      '/api/projects',
      '/api/jobs/{id}',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const login = doc.paths['/api/auth/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('GET /api/config is public', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ product_name: 'onprem', ssl: false });
  });

  it('health without a queue or workers is degraded but reports the real DB round trip', async () => {
    const h = (await t.app.inject({ url: '/api/health' })).json();
    expect(h.status).toBe('degraded');
    expect(h.db.ok).toBe(true);
    expect(h.db.latencyMs).toBeGreaterThan(0);
    expect(h.queue.ok).toBe(false);
    expect(h.workers).toEqual({ alive: 0, lost: 0, expected: 1, recentLosses: [] });
  });
});
