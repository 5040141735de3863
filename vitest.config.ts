import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One run, many projects: each workspace with tests keeps its own vitest.config.ts.
const workspaces = ['packages/domain', 'packages/vision', 'apps/server', 'apps/worker', 'apps/web'];

export default defineConfig({
  test: { projects: workspaces.filter((w) => existsSync(`${w}/vitest.config.ts`)) },
});
