// Browser tests in Debian's Chromium against the built server (global-setup.ts starts it on 8090).
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './helpers/credentials';

export default defineConfig({
  testDir: '.',
  testMatch: ['*.spec.ts', 'specs/**/*.spec.ts'],
  testIgnore: ['node_modules/**'],
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  // One retry for a rare stall on a loaded 2-core machine; the report counts such a test as flaky.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 1280, height: 768 },
    locale: 'ko-KR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
