// One lint setup for every workspace (type-aware rules stay off to keep it fast on 2 cores).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' };

// Which workspaces each folder may not import. Checked on package names and on relative paths.
const appImport = (names) => names.flatMap((n) => [`@sightline/${n}`, `@sightline/${n}/*`]);
const appPath = (dirs) =>
  dirs.flatMap((d) => [
    `**/apps/${d}`,
    `**/apps/${d}/**`,
    `../${d}/**`,
    `../../${d}/**`,
    `../../../${d}/**`,
    `../../../../${d}/**`,
  ]);
const boundary = (files, forbidden, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }] },
});
function appBoundaries() {
  return [
    boundary(
      ['apps/worker/**'],
      [...appImport(['server', 'web']), ...appPath(['server', 'web'])],
      'apps/worker composes packages (db, jobs, storage, domain); it must not import another app.',
    ),
    boundary(
      ['apps/server/**'],
      [...appImport(['worker', 'web']), ...appPath(['worker', 'web'])],
      'apps/server composes packages; it must not import another app.',
    ),
    boundary(
      ['apps/web/**'],
      [...appImport(['server', 'worker', 'db', 'jobs', 'storage']), ...appPath(['server', 'worker'])],
      'apps/web talks to the server over HTTP and shares only packages/domain; it must not import an app or a server-side package.',
    ),
    boundary(
      ['packages/**'],
      [...appImport(['server', 'worker', 'web']), '**/apps/**'],
      'packages never import apps.',
    ),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', 'e2e/screenshots/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain JS scripts and launchers run on Node.
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: nodeGlobals } },
  // Layers (ARCHITECTURE.md): an app never imports another app, and packages never import apps.
  ...appBoundaries(),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
);
