import base from './playwright.config';
import { defineConfig } from '@playwright/test';
export default defineConfig({
  ...base,
  testMatch: ['processing-data.spec.ts'],
  globalSetup: './local-processing-data-setup.ts',
  // Its own output folder: other local runs clear ./test-results while this one writes traces.
  outputDir: '/tmp/sightline-e2e-processing-data',
  use: { ...base.use, baseURL: 'http://127.0.0.1:8099' },
});
