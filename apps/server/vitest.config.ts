import { defineConfig } from 'vitest/config';

// Server integration tests run against real PostgreSQL: one cluster per run (test/global-setup.ts),
// one database per test file cloned from a migrated template.
export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // A guard against hangs, not a speed check: spawned servers and workers are slow on a loaded machine.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two cores shared by several agents: keep the fan-out small.
    maxWorkers: 2,
  },
});
