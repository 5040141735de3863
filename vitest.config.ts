import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One run, many projects: each workspace with tests keeps its own vitest.config.ts. Projects run one
// group after another (the server's database-heavy files want their own worker limit).
const workspaces = [
  'packages/domain',
  'packages/storage',
  'packages/jobs',
  'packages/vision',
  'packages/client',
  'apps/server',
  'apps/worker',
  'apps/web',
];

export default defineConfig({
  test: {
    projects: workspaces
      .filter((w) => existsSync(`${w}/vitest.config.ts`))
      .map((w, i) => ({
        extends: `./${w}/vitest.config.ts`,
        root: `./${w}`,
        // One retry: the server suites spawn real servers, workers and PostgreSQL on a 2-core machine, where
        // a rare scheduling stall can miss a wait. A broken test still fails twice; a flaky one is fixed when seen.
        test: { sequence: { groupOrder: i }, retry: 1 },
      })),
  },
});
