import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Page tests render whole routes in happy-dom: 2.5 s each on a loaded 2-core machine, so 5 s is too tight.
    testTimeout: 20_000,
  },
});
