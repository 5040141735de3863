import base from './playwright.config';
import { defineConfig } from '@playwright/test';
export default defineConfig({
  ...base,
  testMatch: ['processing.spec.ts'],
  globalSetup: './local-processing-setup.ts',
  outputDir: './test-results/processing',
  use: { ...base.use, baseURL: 'http://127.0.0.1:8097' },
});
