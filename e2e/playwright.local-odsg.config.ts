// learning-od-sg.spec.ts alone on its own server (port 8094), so it can run beside other helpers' specs.
import base from './playwright.config';
import { defineConfig } from '@playwright/test';
export default defineConfig({
  ...base,
  testMatch: ['learning-od-sg.spec.ts'],
  globalSetup: './local-odsg-setup.ts',
  outputDir: '/tmp/odsg-test-results',
  use: { ...base.use, baseURL: 'http://127.0.0.1:8094' },
});
