import { defineConfig } from 'vitest/config';

// ML tests train real networks on 2 shared cores: generous timeouts, files run one at a time.
export default defineConfig({
  test: {
    name: 'vision',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
