// Processing benchmark on a built server (temp DATA_DIR, free port, embedded PostgreSQL, one worker):
//   merge   two uploaded datasets of MERGE_IMAGES/2 images each merged into a new one (processing.run
//           job) — images/s against a plain file copy of the same stored originals in this process;
//   import  a COCO set of COCO_IMAGES images with COCO_BOXES boxes through the external labeling upload
//           (the request stores it, a processing.data job imports it; timed until the work is done)
//           — images/s against the plain work of an import: JSON.parse of the annotations plus a file
//           copy of the images, measured here in the same run (COCO_RUNS times each, alternating;
//           the medians are compared);
// and the server's peak RSS (sampled every 100 ms from /proc) over both, alone and with its workers.
// Progress goes to stderr; the last stdout line is one JSON object with merge_ratio, import_ratio and
// server_peak_rss_mb (and server_with_workers_peak_rss_mb).
//   npm run bench -- processing   (MERGE_IMAGES=10000 COCO_IMAGES=5000 COCO_BOXES=30000 COCO_RUNS=3 SIZE=64)
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createWriteStream, openAsBlob, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import yazl from 'yazl';
import {
  DEMO_USER,
  api,
  ensureBuilt,
  flag,
  login,
  round,
  sleep,
  startProduct,
  type Product,
} from './lib/product';

const MERGE_IMAGES = Number(process.env.MERGE_IMAGES ?? 10_000);
const COCO_IMAGES = Number(process.env.COCO_IMAGES ?? 5000);
const COCO_BOXES = Number(process.env.COCO_BOXES ?? 30_000);
const COCO_RUNS = Math.max(1, Number(process.env.COCO_RUNS ?? 3));
const SIZE = Math.max(32, Number(process.env.SIZE ?? 64));
const log = (m: string) => process.stderr.write(`[bench processing] ${m}\n`);

/** A small JPEG unique per seed (the seed's bits as blocks: distinct content hashes). */
function makeImage(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(SIZE * SIZE * 3, (seed * 31) & 255);
  for (let bit = 0; bit < 20; bit++) {
    const v = (seed >> bit) & 1 ? 255 : 0;
    const x0 = (bit % 5) * 6;
    const y0 = Math.floor(bit / 5) * 6;
    for (let y = y0; y < y0 + 6; y++) raw.fill(v, (y * SIZE + x0) * 3, (y * SIZE + x0 + 6) * 3);
  }
  return sharp(raw, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function writeZip(path: string, entries: AsyncIterable<{ name: string; data: Buffer }>) {
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((res, rej) =>
    zip.outputStream.pipe(createWriteStream(path)).on('close', res).on('error', rej),
  );
  for await (const e of entries) zip.addBuffer(e.data, e.name, { compress: false });
  zip.end();
  await done;
}

async function* images(from: number, n: number, dir = '') {
  for (let i = 0; i < n; i++)
    yield { name: `${dir}img_${String(from + i).padStart(6, '0')}.jpg`, data: await makeImage(from + i) };
}

/** A process and its node descendants (the server's job workers; not its embedded PostgreSQL), from /proc. */
function withChildren(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`))
        for (const c of readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').split(/\s+/))
          if (c && readFileSync(`/proc/${c}/comm`, 'utf8').trim() === 'node') out.push(Number(c));
    } catch {
      // gone
    }
  }
  return out;
}

/**
 * Peak RSS (MB) while `fn` runs, sampled every 100 ms from /proc: the server alone, and the server with its
 * workers (the import runs in a processing.data job).
 */
async function peakRss<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ value: T; peakMb: number; withWorkersMb: number }> {
  let peak = 0;
  let all = 0;
  const rss = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0; // the process is gone
    }
  };
  const sample = () => {
    peak = Math.max(peak, rss(pid));
    all = Math.max(
      all,
      withChildren(pid).reduce((s, p) => s + rss(p), 0),
    );
  };
  const timer = setInterval(sample, 100);
  sample();
  try {
    return { value: await fn(), peakMb: peak, withWorkersMb: all };
  } finally {
    clearInterval(timer);
  }
}

async function upload(
  p: Product,
  token: string,
  fields: Record<string, string>,
  zipPath: string,
  url = '/api/v2/datasets/upload',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', await openAsBlob(zipPath), zipPath.split('/').pop()!);
  const r = await fetch(`${p.base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`upload ${url}: ${r.status} ${text.slice(0, 400)}`);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
}

async function waitWork(p: Product, token: string, id: number) {
  for (;;) {
    const w = (
      await api<{ data: { status: string; progress: number; message: string } }>(
        p.base,
        token,
        'GET',
        `/api/v2/processing/${id}`,
      )
    ).data;
    if (w.status === 'done') return w;
    if (w.status === 'error') throw new Error(`work ${id} failed: ${w.message}`);
    // Fine enough not to add to the figure what the bench waits after the work is done.
    await sleep(40);
  }
}

/** Where a work's time went: its job waiting for a worker, then running (from the jobs row). */
async function jobTimes(p: Product, workId: number) {
  const db = new pg.Client({ connectionString: await p.databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ wait: number; run: number }>(
      `SELECT extract(epoch FROM j.started_at - j.created_at) AS wait,
              extract(epoch FROM j.finished_at - j.started_at) AS run
       FROM processing_works w JOIN jobs j ON j.id = w.job_id WHERE w.id = $1`,
      [workId],
    );
    return { wait: round(Number(rows[0]?.wait ?? NaN)), run: round(Number(rows[0]?.run ?? NaN)) };
  } finally {
    await db.end();
  }
}

/** Files under the storage's images/ folder named `original` (what the merge copies). */
async function originals(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'storage', 'images');
  const out: string[] = [];
  for (const d of await readdir(root)) out.push(join(root, d, 'original'));
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  ensureBuilt(log, { skip: args.includes('--no-build') || flag(args, 'build') === 'no' });
  const work = await mkdtemp(join(tmpdir(), 'sightline-bench-processing-'));
  const product = await startProduct({ workers: 1, log });
  try {
    const pid = product.child.pid!;
    const token = await login(product.base, DEMO_USER, product.demoPassword);
    const projects = await api<{ data: { id: number; code: string }[] }>(
      product.base,
      token,
      'GET',
      '/api/projects',
    );
    const project = projects.data.find((x) => x.code === 'DEMO-0001') ?? projects.data[0]!;
    const P = String(project.id);
    // 15,000 images go through this project: lift the demo project's upload limit (10,000).
    const db = new pg.Client({ connectionString: await product.databaseUrl() });
    await db.connect();
    await db.query('UPDATE projects SET image_upload_limit = NULL WHERE id = $1', [project.id]);
    await db.end();

    // ---- merge: two datasets of MERGE_IMAGES/2 each ----
    const half = Math.floor(MERGE_IMAGES / 2);
    const ids: number[] = [];
    for (const [k, from] of [
      ['mergea', 0],
      ['mergeb', half],
    ] as const) {
      const zipPath = join(work, `${k}.zip`);
      log(`generating ${half} images for ${k}…`);
      await writeZip(zipPath, images(from, half));
      log(`uploading ${k}…`);
      const up = await upload(product, token, { project_id: P, name: k, type: 'cf' }, zipPath);
      ids.push(up.dataset_id as number);
      await rm(zipPath);
    }
    const before = await originals(product.dataDir);
    log(`merging ${ids.length} datasets (${before.length} images)…`);
    const merge = await peakRss(pid, async () => {
      const t0 = performance.now();
      const created = await api<{ data: { id: number } }>(product.base, token, 'POST', '/api/v2/processing', {
        kind: 'merge',
        project_id: project.id,
        name: 'bench merge',
        save_dir: 'benchmerged',
        dataset_ids: ids,
      });
      await waitWork(product, token, created.data.id);
      return { sec: (performance.now() - t0) / 1000, id: created.data.id };
    });
    const mergeIps = (2 * half) / merge.value.sec;
    const mergeJob = await jobTimes(product, merge.value.id);
    log(
      `merge: ${round(merge.value.sec)} s (job waited ${mergeJob.wait} s, ran ${mergeJob.run} s), ${round(mergeIps)} images/s, server peak RSS ${round(merge.peakMb)} MB`,
    );
    // Baseline: a plain copy of the same stored originals, file by file.
    const copyDir = join(work, 'copy');
    await mkdir(copyDir);
    const t1 = performance.now();
    for (const [i, f] of before.entries()) await copyFile(f, join(copyDir, `${i}.jpg`));
    const copySec = (performance.now() - t1) / 1000;
    const copyIps = before.length / copySec;
    await rm(copyDir, { recursive: true });
    log(`plain copy: ${round(copySec)} s, ${round(copyIps)} images/s`);

    // ---- COCO import through the external labeling upload ----
    const names = Array.from({ length: COCO_IMAGES }, (_, i) => `coco_${String(i).padStart(6, '0')}.jpg`);
    const coco = {
      images: names.map((file_name, i) => ({ id: i + 1, file_name, width: SIZE, height: SIZE })),
      categories: ['scratch', 'dent', 'rust'].map((name, i) => ({ id: i + 1, name })),
      annotations: Array.from({ length: COCO_BOXES }, (_, a) => {
        const x = (a * 7) % (SIZE - 16);
        const y = (a * 11) % (SIZE - 16);
        return {
          id: a + 1,
          image_id: (a % COCO_IMAGES) + 1,
          category_id: (a % 3) + 1,
          bbox: [x, y, 12, 10],
          area: 120,
          iscrowd: 0,
        };
      }),
    };
    const json = JSON.stringify(coco);
    const cocoDir = join(work, 'coco');
    await mkdir(cocoDir);
    log(`generating the COCO set (${COCO_IMAGES} images, ${COCO_BOXES} boxes)…`);
    for (const [i, n] of names.entries()) await writeFile(join(cocoDir, n), await makeImage(900_000 + i));
    await writeFile(join(cocoDir, 'instances.json'), json);
    const cocoZip = join(work, 'coco.zip');
    await writeZip(
      cocoZip,
      (async function* () {
        for (const n of names) yield { name: `images/${n}`, data: await readFile(join(cocoDir, n)) };
        yield { name: 'instances.json', data: Buffer.from(json) };
      })(),
    );
    log(`importing (${round((await stat(cocoZip)).size / 1e6)} MB zip)…`);
    // Import and baseline alternate, COCO_RUNS times each, and the medians are compared: both create
    // thousands of files, and on a shared disk one run of either moves by 2x with what the disk does.
    const imports: { sec: number; uploaded: number; id: number; peakMb: number; withWorkersMb: number }[] =
      [];
    const bases: number[] = [];
    for (let run = 0; run < COCO_RUNS; run++) {
      const imp = await peakRss(pid, async () => {
        const t0 = performance.now();
        const r = await upload(
          product,
          token,
          {
            project_id: P,
            name: `bench coco ${run}`,
            dataset_name: `benchcoco${run}`,
            label_type: 'coco',
          },
          cocoZip,
          '/api/v2/processing/external',
        );
        if (r.images !== COCO_IMAGES)
          throw new Error(`uploaded ${String(r.images)} images, expected ${COCO_IMAGES}`);
        // The request stores the upload; the processing.data job imports it.
        const uploaded = (performance.now() - t0) / 1000;
        log(`upload stored in ${round(uploaded)} s; importing in the job…`);
        await waitWork(product, token, r.id as number);
        const w = (
          await api<{ data: { image_count: number } }>(
            product.base,
            token,
            'GET',
            `/api/v2/processing/${String(r.id)}`,
          )
        ).data;
        if (w.image_count !== COCO_IMAGES)
          throw new Error(`imported ${w.image_count} images, expected ${COCO_IMAGES}`);
        return { sec: (performance.now() - t0) / 1000, id: r.id as number, uploaded };
      });
      imports.push({ ...imp.value, peakMb: imp.peakMb, withWorkersMb: imp.withWorkersMb });
      const job = await jobTimes(product, imp.value.id);
      log(
        `import ${run + 1}/${COCO_RUNS}: ${round(imp.value.sec)} s (request ${round(imp.value.uploaded)} s, job waited ${job.wait} s, ran ${job.run} s), ${round(COCO_IMAGES / imp.value.sec)} images/s, server peak RSS ${round(imp.peakMb)} MB (with workers ${round(imp.withWorkersMb)} MB)`,
      );
      // Baseline: the least an import does — parse the annotations, copy the image files.
      const baseDir = join(work, `coco-copy-${run}`);
      await mkdir(baseDir);
      const t2 = performance.now();
      const parsed = JSON.parse(await readFile(join(cocoDir, 'instances.json'), 'utf8')) as typeof coco;
      for (const im of parsed.images)
        await copyFile(join(cocoDir, im.file_name), join(baseDir, im.file_name));
      bases.push((performance.now() - t2) / 1000);
      await rm(baseDir, { recursive: true });
      log(`plain JSON parse + copy ${run + 1}/${COCO_RUNS}: ${round(bases.at(-1)!)} s`);
    }
    const mid = imports.toSorted((a, b) => a.sec - b.sec)[Math.floor(imports.length / 2)]!;
    const imp = {
      value: mid,
      peakMb: Math.max(...imports.map((i) => i.peakMb)),
      withWorkersMb: Math.max(...imports.map((i) => i.withWorkersMb)),
    };
    const importIps = COCO_IMAGES / mid.sec;
    const importJob = await jobTimes(product, mid.id);
    const baseSec = bases.toSorted((a, b) => a - b)[Math.floor(bases.length / 2)]!;
    const baseIps = COCO_IMAGES / baseSec;
    log(
      `import (median of ${COCO_RUNS}): ${round(mid.sec)} s, ${round(importIps)} images/s; plain JSON parse + copy: ${round(baseSec)} s, ${round(baseIps)} images/s`,
    );

    const out = {
      merge_images: 2 * half,
      merge_seconds: round(merge.value.sec),
      merge_job_wait_s: mergeJob.wait,
      merge_job_run_s: mergeJob.run,
      merge_images_per_s: round(mergeIps),
      copy_images_per_s: round(copyIps),
      merge_ratio: round(mergeIps / copyIps, 3),
      import_images: COCO_IMAGES,
      import_boxes: COCO_BOXES,
      import_seconds: round(imp.value.sec),
      import_request_s: round(imp.value.uploaded),
      import_runs_s: imports.map((i) => round(i.sec)),
      parse_copy_runs_s: bases.map((b) => round(b)),
      import_job_wait_s: importJob.wait,
      import_job_run_s: importJob.run,
      import_images_per_s: round(importIps),
      parse_copy_images_per_s: round(baseIps),
      import_ratio: round(importIps / baseIps, 3),
      server_with_workers_peak_rss_mb: round(Math.max(merge.withWorkersMb, imp.withWorkersMb)),
      server_peak_rss_mb: round(Math.max(merge.peakMb, imp.peakMb)),
    };
    console.log(JSON.stringify(out));
  } finally {
    await product.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
