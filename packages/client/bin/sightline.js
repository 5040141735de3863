#!/usr/bin/env node
// Launcher: runs the bundled CLI (dist/cli.js). It is (re)bundled with esbuild when missing or older than
// a source file of this package or of @sightline/domain; without esbuild the TypeScript runs through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(pkg, 'dist', 'cli.js');

function newestMtime(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile() && e.name.endsWith('.ts')) t = Math.max(t, statSync(join(e.parentPath, e.name)).mtimeMs);
  }
  return t;
}

function stale() {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  return ['src', '../domain/src', '../vision/src'].some((d) => newestMtime(join(pkg, d)) > built);
}

if (stale()) {
  try {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(pkg, 'src', 'cli.ts')],
      outfile: dist,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Native modules (the edge runner's onnxruntime-node and sharp) load from node_modules.
      external: ['onnxruntime-node', 'sharp'],
      logLevel: 'warning',
    });
  } catch {
    const r = spawnSync('npx', ['tsx', join(pkg, 'src', 'cli.ts'), ...process.argv.slice(2)], {
      stdio: 'inherit',
    });
    process.exit(r.status ?? 1);
  }
}
await import(pathToFileURL(dist).href);
