#!/usr/bin/env node
// Launcher: runs the bundled CLI (dist/cli.js, made by `node scripts/build.mjs`). When it is missing,
// bundles just the CLI with esbuild the same way (npm deps external, @sightline/* inlined); when
// esbuild is unavailable too, runs the TypeScript source through tsx.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(pkg, 'dist', 'cli.js');

async function buildCli() {
  const { build } = await import('esbuild');
  const deps = Object.keys(JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).dependencies ?? {});
  await build({
    entryPoints: [join(pkg, 'src', 'cli.ts')],
    outfile: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...deps.filter((d) => !d.startsWith('@sightline/')), '@sightline/trainer'],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);",
    },
    logLevel: 'warning',
  });
}

if (!existsSync(dist)) {
  try {
    await buildCli();
  } catch {
    const r = spawnSync('npx', ['tsx', join(pkg, 'src', 'cli.ts'), ...process.argv.slice(2)], {
      stdio: 'inherit',
    });
    process.exit(r.status ?? 1);
  }
}
await import(pathToFileURL(dist).href);
