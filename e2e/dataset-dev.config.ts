// TEMPORARY (datasets web engineer): runs dataset.spec.ts against a dev server on 8086. Deleted before hand-off.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  globalSetup: undefined,
  testMatch: ['dataset.spec.ts'],
  outputDir: '/tmp/dataset-web/results',
  use: { ...base.use, baseURL: 'http://127.0.0.1:8086', trace: 'off' },
});
