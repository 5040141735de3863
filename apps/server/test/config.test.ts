import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      adminUsername: 'admin',
      seedDemo: true,
      productName: 'onprem',
      workers: 1,
      ssl: false,
      trustProxy: false,
      accessTokenTtlSec: 900,
      refreshTokenTtlDays: 14,
      workerStaleMs: 10_000,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '8081',
      PRODUCT_NAME: 'cloud',
      WORKERS: '0',
      SEED_DEMO: '0',
      SSL: 'true',
      DATABASE_URL: 'postgres://x/y',
    });
    expect(c).toMatchObject({
      port: 8081,
      productName: 'cloud',
      workers: 0,
      seedDemo: false,
      ssl: true,
      databaseUrl: 'postgres://x/y',
    });
  });

  it('refuses an unknown product or a bad worker count', () => {
    expect(() => loadConfig({ PRODUCT_NAME: 'saas' })).toThrow(/PRODUCT_NAME/);
    expect(() => loadConfig({ WORKERS: '-1' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: 'two' })).toThrow(/WORKERS/);
  });
});
