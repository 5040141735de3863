// Builds what runs: the server, worker and vision CLI bundled by esbuild (workspace TypeScript
// inlined, npm dependencies left external), and the web app by Vite.
import { build } from 'esbuild';
import { readFileSync, existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const external = (dir) => {
  const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
  const deps = new Set();
  for (const p of [pkg, JSON.parse(readFileSync('packages/vision/package.json', 'utf8'))]) {
    for (const d of Object.keys({ ...p.dependencies, ...p.optionalDependencies })) deps.add(d);
  }
  return [...deps].filter((d) => !d.startsWith('@sightline/'));
};

const entries = [
  { dir: 'apps/server', in: 'apps/server/src/main.ts', out: 'apps/server/dist/main.js' },
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
    external: [...external(e.dir), '@sightline/trainer'],
    // Bundled ESM still needs require/__dirname for a few CommonJS dependencies.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);",
    },
    logLevel: 'warning',
  });
  console.log(`built ${e.out}`);
}
if (existsSync('apps/web/index.html')) {
  execSync('npx vite build --logLevel warn', { cwd: 'apps/web', stdio: 'inherit' });
  console.log('built apps/web/dist');
}
