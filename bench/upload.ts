// Upload benchmark: ingest a generated 2,000-image zip through the HTTP API of a built server (temp
// DATA_DIR, free port, embedded PostgreSQL) and compare with the same zip's plain unzip + sharp decode +
// thumbnail in this process. Prints progress to stderr and one JSON object as the last stdout line.
//   npm run bench -- upload            (IMAGES=2000 SIZE=512 CONCURRENCY=4 to change the workload)
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, openAsBlob, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IMAGES = Number(process.env.IMAGES ?? 2000);
// At least 64 px so the seed strip fits.
const SIZE = Math.max(64, Number(process.env.SIZE ?? 512));
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const log = (m: string) => process.stderr.write(`[bench upload] ${m}\n`);

/** A camera-like test image: a gradient with a seed-dependent pattern, JPEG q85. */
function makeImage(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 3;
      raw[i] = (x + seed * 7) & 255;
      raw[i + 1] = (y * 2 + seed) & 255;
      raw[i + 2] = ((x ^ y) + seed * 13) & 255;
    }
  }
  // A strip of 16x16 black/white blocks spells the seed in binary, robust to JPEG quantisation, so
  // every image (and its content hash) is distinct.
  const perRow = Math.floor(SIZE / 16);
  for (let bit = 0; bit < 16; bit++) {
    const v = (seed >> bit) & 1 ? 255 : 0;
    const x0 = (bit % perRow) * 16;
    const y0 = Math.floor(bit / perRow) * 16;
    for (let y = y0; y < y0 + 16; y++) raw.fill(v, (y * SIZE + x0) * 3, (y * SIZE + x0 + 16) * 3);
  }
  return sharp(raw, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function makeZip(path: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((res, rej) =>
    zip.outputStream.pipe(createWriteStream(path)).on('close', res).on('error', rej),
  );
  for (let i = 0; i < IMAGES; i++) {
    // Two folders, like two camera stations; images stored (JPEG does not deflate).
    zip.addBuffer(await makeImage(i), `station${i % 2}/img_${String(i).padStart(5, '0')}.jpg`, {
      compress: false,
    });
  }
  zip.end();
  await done;
}

/** The baseline: yauzl entry by entry, sharp metadata + decode + WebP thumbnail, same concurrency. */
async function baseline(path: string): Promise<number> {
  const zf = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  await new Promise<void>((resolveAll, reject) => {
    zf.on('error', reject);
    zf.on('end', () => Promise.all(inFlight).then(() => resolveAll(), reject));
    zf.on('entry', async (entry: yauzl.Entry) => {
      try {
        if (entry.fileName.endsWith('/')) return zf.readEntry();
        const stream = await zf.openReadStreamPromise(entry);
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        const buf = Buffer.concat(chunks);
        const p = (async () => {
          const img = sharp(buf, { failOn: 'error' });
          await img.metadata();
          await img
            .rotate()
            .resize({ width: 256, height: 256, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 70 })
            .toBuffer();
          n++;
        })().finally(() => inFlight.delete(p));
        inFlight.add(p);
        if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
        zf.readEntry();
      } catch (err) {
        reject(err);
      }
    });
    zf.readEntry();
  });
  zf.close();
  const secs = (performance.now() - started) / 1000;
  if (n !== IMAGES) throw new Error(`baseline decoded ${n} of ${IMAGES}`);
  return IMAGES / secs;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** Bundles the server like scripts/build.mjs (npm deps external) so the bench runs what ships. */
async function buildServer(outfile: string) {
  const deps = new Set<string>();
  for (const p of ['apps/server/package.json', 'packages/vision/package.json']) {
    const pkg = JSON.parse(readFileSync(join(ROOT, p), 'utf8'));
    for (const d of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }))
      if (!d.startsWith('@sightline/')) deps.add(d);
  }
  await build({
    entryPoints: [join(ROOT, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // fast-xml-parser is bundled, as in scripts/build.mjs (packages/vision needs its nested ESM v5).
    external: [...[...deps].filter((d) => d !== 'fast-xml-parser'), '@sightline/trainer'],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);",
    },
    logLevel: 'warning',
  });
}

async function waitForHealth(base: string, child: { exitCode: number | null }, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become healthy');
}

/** Peak resident set of a process (VmHWM), in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'sightline-bench-upload-'));
  // Embedded PostgreSQL runs as the postgres user, which must reach DATA_DIR inside.
  await chmod(work, 0o755);
  const dataDir = join(work, 'data');
  const zipPath = join(work, 'bench.zip');
  let child: ReturnType<typeof spawn> | null = null;
  try {
    log(`generating ${IMAGES} ${SIZE}x${SIZE} JPEGs into a zip…`);
    await makeZip(zipPath);
    const zipBytes = (await stat(zipPath)).size;

    log('baseline: unzip + sharp decode + thumbnail…');
    const baselineRate = await baseline(zipPath);

    const serverJs = join(ROOT, 'bench/.out/server.mjs');
    log('building the server bundle…');
    await buildServer(serverJs);
    const port = await freePort();
    const password = 'Bench-pass-123!';
    child = spawn(process.execPath, [serverJs], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: '0',
        ADMIN_USERNAME: 'benchadmin',
        ADMIN_PASSWORD: password,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(work, 'no-web'),
        MIGRATIONS_DIR: join(ROOT, 'packages/db/migrations'),
        UPLOAD_CONCURRENCY: String(CONCURRENCY),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[server] ${d}`));
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const projects = (await (await fetch(`${base}/api/projects`, { headers: auth })).json()) as {
      data: { id: number; code: string }[];
    };
    const project = projects.data.find((p) => p.code === 'DEMO-0001') ?? projects.data[0];
    if (!project) throw new Error('no project to upload into');

    log(`uploading ${(zipBytes / 1e6).toFixed(1)} MB through POST /api/v2/datasets/upload…`);
    const form = new FormData();
    form.set('project_id', String(project.id));
    form.set('name', `bench_${Date.now()}`);
    form.set('type', 'od');
    form.set('file', await openAsBlob(zipPath), 'bench.zip');
    const started = performance.now();
    const res = await fetch(`${base}/api/v2/datasets/upload`, { method: 'POST', headers: auth, body: form });
    const body = (await res.json()) as { data?: { stored: number }; error?: unknown };
    const secs = (performance.now() - started) / 1000;
    if (res.status !== 201 || body.data?.stored !== IMAGES)
      throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
    const apiRate = IMAGES / secs;
    const rss = await peakRssMb(child.pid!);
    const ratio = apiRate / baselineRate;
    const result = {
      bench: 'upload',
      images: IMAGES,
      image_size: `${SIZE}x${SIZE} jpeg`,
      zip_mb: Math.round(zipBytes / 1e5) / 10,
      concurrency: CONCURRENCY,
      api_seconds: Math.round(secs * 100) / 100,
      api_images_per_s: Math.round(apiRate * 10) / 10,
      baseline_images_per_s: Math.round(baselineRate * 10) / 10,
      ratio: Math.round(ratio * 100) / 100,
      server_peak_rss_mb: rss,
      target: { ratio_min: 0.5, peak_rss_mb_max: 500 },
      pass: ratio >= 0.5 && rss < 500,
    };
    console.log(JSON.stringify(result));
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child!.kill('SIGKILL');
          r(null);
        }, 20_000);
        child!.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
    }
    await rm(work, { recursive: true, force: true });
    if (existsSync(join(ROOT, 'bench/.out')))
      await rm(join(ROOT, 'bench/.out'), { recursive: true, force: true });
  }
}

main().catch((err) => {
  log(`failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
