// Builds what runs: the server, worker and vision CLI bundled by esbuild (workspace TypeScript
// inlined, npm dependencies left external), and the web app by Vite.
import { build } from 'esbuild';
import { readFileSync, existsSync, cpSync } from 'node:fs';
import { dirname } from 'node:path';
import { execSync } from 'node:child_process';

// npm dependencies of an app and of every workspace package it uses (recursively) stay external.
const external = (dir) => {
  const deps = new Set();
  const seen = new Set();
  const visit = (pkgDir) => {
    if (seen.has(pkgDir)) return;
    seen.add(pkgDir);
    const pkg = JSON.parse(readFileSync(`${pkgDir}/package.json`, 'utf8'));
    for (const d of Object.keys({
      ...pkg.dependencies,
      ...pkg.optionalDependencies,
      ...pkg.peerDependencies,
    })) {
      if (!d.startsWith('@sightline/')) deps.add(d);
      else if (existsSync(`packages/${d.slice('@sightline/'.length)}/package.json`))
        visit(`packages/${d.slice('@sightline/'.length)}`);
    }
  };
  visit(dir);
  visit('packages/vision');
  return [...deps];
};

const entries = [
  { dir: 'apps/server', in: 'apps/server/src/main.ts', out: 'apps/server/dist/main.js' },
  // The low-priority prediction-image drawer, forked by the server (drawer-process.ts).
  {
    dir: 'apps/server',
    in: 'apps/server/src/features/monitoring/prediction-drawer.ts',
    out: 'apps/server/dist/prediction-drawer.js',
  },
  { dir: 'apps/worker', in: 'apps/worker/src/main.ts', out: 'apps/worker/dist/main.js' },
  { dir: 'packages/vision', in: 'packages/vision/src/cli.ts', out: 'packages/vision/dist/cli.js' },
];
for (const e of entries) {
  if (!existsSync(e.in)) continue;
  await build({
    entryPoints: [e.in],
    outfile: e.out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // fast-xml-parser is bundled: packages/vision needs v5 (ESM, nested in its node_modules) while the root
    // node_modules holds a v4 (CommonJS) that a bundle in apps/*/dist would otherwise resolve at run time.
    external: [...external(e.dir).filter((d) => d !== 'fast-xml-parser'), '@sightline/trainer'],
    // Bundled ESM still needs require/__dirname for a few CommonJS dependencies.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);",
    },
    logLevel: 'warning',
  });
  // Each bundle carries the SQL migrations beside it (dist/migrations), so it runs on its own.
  if (e.dir.startsWith('apps/'))
    cpSync('packages/db/migrations', `${dirname(e.out)}/migrations`, { recursive: true });
  console.log(`built ${e.out}`);
}
if (existsSync('apps/web/index.html')) {
  execSync('npx vite build --logLevel warn', { cwd: 'apps/web', stdio: 'inherit' });
  console.log('built apps/web/dist');
}
