// Soak under faults (issue 18): the built product (embedded PostgreSQL, WORKERS workers) gets mixed API
// traffic at a fixed rate on loopback for DURATION seconds (autocannon: reads of the user, projects,
// datasets, image grid, learnings, downloads, health) plus a download request every few seconds (a job
// row, a pg-boss job and a worker zipping from storage). A third of the way in the PostgreSQL postmaster
// is SIGKILLed, at 60 % a worker is SIGKILLed. A probe follows the service once every 250 ms.
// Progress goes to stderr; the last stdout line is one JSON object:
//   requests, the counts of 2xx / 503 / other 5xx, seconds until service returned after the database
//   kill, seconds until the worker count was back, rows before/after, download jobs requested/finished,
//   server RSS at start and end, and the goals (no 5xx but 503, back within 15 s, no row lost, RSS < +20 %).
//   npm run bench -- soak [--duration 300] [--rate 150] [--connections 50] [--workers 1] [--no-build]
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import yazl from 'yazl';
import { DEMO_USER, api, ensureBuilt, flag, load, login, round, sleep, startProduct } from './lib/product';

const args = process.argv.slice(2);
const DURATION = Number(flag(args, 'duration') ?? 300);
const RATE = Number(flag(args, 'rate') ?? 150);
const CONNECTIONS = Number(flag(args, 'connections') ?? 50);
const WORKERS = Number(flag(args, 'workers') ?? 1);
const DOWNLOAD_EVERY_MS = 3000;
const GOAL = { other_5xx: 0, back_within_s: 15, rows_lost: 0, rss_growth_max: 0.2 };
const log = (m: string) => process.stderr.write(`[bench soak] ${m}\n`);

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? round(Number(m[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

/** Child pids of a process whose command line contains `match`. */
function childrenOf(pid: number, match: string): number[] {
  const out: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const kids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const k of kids ? kids.split(/\s+/).map(Number) : []) {
      try {
        if (readFileSync(`/proc/${k}/cmdline`, 'utf8').includes(match)) out.push(k);
      } catch {
        /* gone */
      }
    }
  }
  return out;
}

/** A three-folder cf dataset of n small JPEGs (for the grid and the download jobs). */
async function makeZip(n: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (let i = 0; i < n; i++) {
    const raw = Buffer.alloc(64 * 64, (i * 37) % 256);
    raw.writeUInt32BE(i, 0);
    const jpg = await sharp(raw, { raw: { width: 64, height: 64, channels: 1 } })
      .jpeg()
      .toBuffer();
    zip.addBuffer(jpg, `${['ok', 'ng', 'scratch'][i % 3]}/img_${i}.jpg`, { compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const TABLES = ['users', 'projects', 'datasets', 'dataset_folders', 'dataset_classes', 'dataset_images'];

async function countRows(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, number> = {};
    for (const t of TABLES) out[t] = Number((await c.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
    return out;
  } finally {
    await c.end();
  }
}

interface Probe {
  at: number;
  status: number;
}

async function main() {
  const startedLoad = load();
  ensureBuilt(log, { skip: args.includes('--no-build') });
  const product = await startProduct({ workers: WORKERS, log });
  const serverPid = product.child.pid!;
  try {
    const token = await login(product.base, DEMO_USER, product.demoPassword);
    const projects = await api<{ data: { id: number; code: string }[] }>(
      product.base,
      token,
      'GET',
      '/api/projects',
    );
    const project = projects.data.find((p) => p.code === 'DEMO-0001') ?? projects.data[0];
    if (!project) throw new Error('demo-user sees no project');
    const form = new FormData();
    form.set('project_id', String(project.id));
    form.set('name', 'soak-set');
    form.set('type', 'cf');
    form.set('file', new Blob([await makeZip(90)]), 'soak.zip');
    const up = await fetch(`${product.base}/api/v2/datasets/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const upBody = (await up.json()) as { data?: { dataset_id: number } };
    if (up.status !== 201 || !upBody.data) throw new Error(`upload failed: ${up.status}`);
    const datasetId = upBody.data.dataset_id;
    const detail = await api<{ data: { folders: { id: number }[] } }>(
      product.base,
      token,
      'GET',
      `/api/v2/datasets/${datasetId}`,
    );
    const folderIds = detail.data.folders.map((f) => f.id);
    const P = project.id;
    const paths = [
      '/api/user/information',
      '/api/projects',
      `/api/v2/datasets?project_id=${P}`,
      `/api/v2/learnings?project_id=${P}`,
      `/api/v2/download/request?project_id=${P}`,
      '/api/health',
      ...folderIds.map(
        (f) => `/api/v2/datasets/${datasetId}/images?folder_id=${f}&filter=all&page=1&perPage=30`,
      ),
    ];
    // Every path must answer 200 before the faults, or the counts below would mean nothing.
    for (const p of paths) {
      const r = await fetch(`${product.base}${p}`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${(await r.text()).slice(0, 200)}`);
    }
    const url = await product.databaseUrl();
    const rowsBefore = await countRows(url);
    log(`dataset ${datasetId} (${folderIds.length} folders); rows ${JSON.stringify(rowsBefore)}`);

    const drive = (seconds: number) =>
      autocannon({
        url: product.base,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: seconds,
        timeout: 10,
        headers: { authorization: `Bearer ${token}` },
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)]! }),
          },
        ],
      });
    log(`warm-up: 10 s at ${RATE} req/s`);
    await drive(10);
    const rssStart = rssMb(serverPid);
    log(`server RSS ${rssStart} MB; ${DURATION} s at ${RATE} req/s with ${CONNECTIONS} connections`);

    const t0 = Date.now();
    let running = true;
    // The probe: one authenticated read every 250 ms, for the recovery times.
    const probes: Probe[] = [];
    const probeLoop = (async () => {
      while (running) {
        const at = Date.now();
        const status = await fetch(`${product.base}/api/user/information`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(5000),
        }).then(
          (r) => r.status,
          () => 0,
        );
        probes.push({ at, status });
        await sleep(250);
      }
    })();
    // Download requests: each a job for the workers (they must survive the worker kill too).
    const jobIds = new Set<string>();
    const downloadCodes: Record<string, number> = {};
    const downloadLoop = (async () => {
      let i = 0;
      while (running) {
        const folder = folderIds.length ? [folderIds[i++ % folderIds.length]!] : undefined;
        const r = await fetch(`${product.base}/api/v2/download/request`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ project_id: P, dataset_id: datasetId, folder_ids: folder }),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => null);
        const code = r?.status ?? 0;
        downloadCodes[code] = (downloadCodes[code] ?? 0) + 1;
        if (r?.ok) jobIds.add(((await r.json()) as { data: { job_id: string } }).data.job_id);
        await sleep(DOWNLOAD_EVERY_MS);
      }
    })();
    // The faults.
    let pgKilledAt = 0;
    let workerKilledAt = 0;
    let pgPid = 0;
    let workerPid = 0;
    const faults = (async () => {
      await sleep(DURATION * 333);
      pgPid = Number(readFileSync(join(product.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      log(`SIGKILL PostgreSQL postmaster ${pgPid} at ${round((Date.now() - t0) / 1000, 1)} s`);
      pgKilledAt = Date.now();
      process.kill(pgPid, 'SIGKILL');
      await sleep(DURATION * 267);
      workerPid = childrenOf(serverPid, 'worker')[0] ?? 0;
      if (!workerPid) {
        log('no worker process found to kill');
        return;
      }
      log(`SIGKILL worker ${workerPid} at ${round((Date.now() - t0) / 1000, 1)} s`);
      workerKilledAt = Date.now();
      process.kill(workerPid, 'SIGKILL');
    })();
    // Workers alive/expected after the worker kill, from /api/health.
    let workersBackAt = 0;
    const healthLoop = (async () => {
      while (running) {
        if (workerKilledAt && !workersBackAt) {
          const h = await fetch(`${product.base}/api/health`)
            .then((r) => r.json() as Promise<{ workers?: { alive: number; expected: number } }>)
            .catch(() => null);
          const pids = childrenOf(serverPid, 'worker');
          if (h?.workers && h.workers.alive >= h.workers.expected && !pids.includes(workerPid))
            workersBackAt = Date.now();
        }
        await sleep(250);
      }
    })();

    const result = await drive(DURATION);
    running = false;
    await Promise.all([probeLoop, downloadLoop, faults, healthLoop]);
    const rssEnd = rssMb(serverPid);

    // Recovery after the database kill: the first 200 after the last 503 (the answer while the database
    // is away) within two minutes of the kill. Probes that timed out or failed otherwise (a loaded
    // machine) are counted, not taken for the outage.
    const after = probes.filter((p) => p.at >= pgKilledAt && p.at < pgKilledAt + 120_000);
    const unavailable = after.filter((p) => p.status === 503);
    const lastBad = unavailable.length ? unavailable[unavailable.length - 1]!.at : pgKilledAt;
    const firstGood = after.find((p) => p.at > lastBad && p.status === 200);
    const backAfter = firstGood ? round((firstGood.at - pgKilledAt) / 1000, 1) : null;
    const probeCodes: Record<string, number> = {};
    for (const p of probes.filter((x) => x.status !== 200))
      probeCodes[p.status] = (probeCodes[p.status] ?? 0) + 1;

    // Every requested download finished (succeeded) once the worker was replaced.
    const deadline = Date.now() + 120_000;
    let jobsDone = 0;
    let jobStates: Record<string, number> = {};
    for (;;) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const r = await c.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM jobs WHERE id::text = ANY($1) GROUP BY status',
        [[...jobIds]],
      );
      await c.end();
      jobStates = Object.fromEntries(r.rows.map((x) => [x.status, Number(x.n)]));
      jobsDone = jobStates.succeeded ?? 0;
      const open = (jobStates.queued ?? 0) + (jobStates.running ?? 0);
      if (!open || Date.now() > deadline) break;
      await sleep(2000);
    }
    const rowsAfter = await countRows(url);
    const rowsLost = TABLES.reduce((n, t) => n + Math.max(0, rowsBefore[t]! - rowsAfter[t]!), 0);

    const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
    const count = (pred: (code: number) => boolean) =>
      Object.entries(codes)
        .filter(([c]) => pred(Number(c)))
        .reduce((n, [, v]) => n + v.count, 0);
    const n2xx = count((c) => c >= 200 && c < 300);
    const n503 = count((c) => c === 503);
    const other5xx = count((c) => c >= 500 && c !== 503);
    const other = count((c) => c < 200 || (c >= 300 && c < 500));
    const rssGrowth = rssStart && rssEnd ? round(rssEnd / rssStart - 1, 3) : null;
    const workerBack =
      workersBackAt && workerKilledAt ? round((workersBackAt - workerKilledAt) / 1000, 1) : null;
    const out = {
      bench: 'soak',
      duration_s: DURATION,
      rate_per_s: RATE,
      connections: CONNECTIONS,
      workers: WORKERS,
      requests: result.requests.total,
      requests_sent: result.requests.sent,
      achieved_rps: round(result.requests.total / result.duration, 1),
      status_2xx: n2xx,
      status_503: n503,
      status_other_5xx: other5xx,
      status_other: other,
      connection_errors: result.errors,
      timeouts: result.timeouts,
      latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      database_kill: {
        at_s: round((pgKilledAt - t0) / 1000, 1),
        service_back_after_s: backAfter,
        probes: probes.length,
        /** Probe answers other than 200 over the whole run, by status (0: no answer within 5 s). */
        failed_probes: probeCodes,
      },
      worker_kill: {
        at_s: workerKilledAt ? round((workerKilledAt - t0) / 1000, 1) : null,
        workers_back_after_s: workerBack,
      },
      downloads: { requests: downloadCodes, jobs: jobIds.size, done: jobsDone, states: jobStates },
      rows_before: rowsBefore,
      rows_after: rowsAfter,
      rows_lost: rowsLost,
      rss_mb: { start: rssStart, end: rssEnd },
      machine: { cpus: cpus().length, loadavg_start: startedLoad, loadavg_end: load() },
      ratios: {
        ok_2xx: round(n2xx / Math.max(1, result.requests.total), 4),
        unavailable_503: round(n503 / Math.max(1, result.requests.total), 4),
        rss_end_over_start: rssStart && rssEnd ? round(rssEnd / rssStart, 3) : null,
        downloads_done: round(jobsDone / Math.max(1, jobIds.size), 3),
      },
      goal: GOAL,
      pass:
        other5xx === 0 &&
        backAfter !== null &&
        backAfter <= GOAL.back_within_s &&
        rowsLost === 0 &&
        rssGrowth !== null &&
        rssGrowth < GOAL.rss_growth_max &&
        jobsDone === jobIds.size,
    };
    console.log(JSON.stringify(out));
  } finally {
    await product.stop();
  }
}

main().catch((err) => {
  log(`failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
