// Worker process: migrates (advisory-locked), registers itself, heartbeats, and runs job handlers.
// Start as many as you like against one DATABASE_URL (README "Running more workers").
import { hostname } from 'node:os';
import { OutageLog, PgListener, WorkerRepository, createDatabase, migrate } from '@sightline/db';
import { JobRunner, buildRegistry, createBoss, handlers, pruneCache, startBoss } from '@sightline/jobs';
import { LocalStorage, createStorage } from '@sightline/storage';
import { loadWorkerConfig, type WorkerConfig } from './config';

let config: WorkerConfig;
try {
  config = loadWorkerConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const url = config.databaseUrl;
const HEARTBEAT_MS = config.heartbeatMs;
const SHUTDOWN_GRACE_MS = config.shutdownGraceMs;
const log = (m: string) => console.log(`[worker ${process.pid}] ${m}`);
/** How often this worker trims its local cache to CACHE_MAX_GB. */
const CACHE_PRUNE_MS = 3_600_000;

async function pruneLocalCache() {
  const r = await pruneCache(config.cacheDir, { maxBytes: config.cacheMaxBytes }).catch((e: Error) => {
    log(`cache prune failed: ${e.message}`);
    return null;
  });
  if (r?.removed) {
    const mb = (b: number) => Math.round(b / 1024 ** 2);
    log(
      `cache: removed ${r.removed} of ${r.entries} entries (${mb(r.bytesBefore)} MB -> ${mb(r.bytesAfter)} MB)`,
    );
  }
}

async function main() {
  const registry = buildRegistry(handlers); // fails fast on a missing or doubled handler
  const database = createDatabase(url, { max: 4, applicationName: 'sightline-worker' });
  await migrate(database.pool, config.migrationsDir);
  // While the database is unreachable, pg-boss polls and heartbeats fail every few seconds: one line
  // when it goes away and one when it is back, not one per retry.
  const outage = new OutageLog(log);
  const boss = createBoss(url, { supervise: false, max: 3, onError: (e) => outage.error('pg-boss', e) });
  await startBoss(boss);
  const workers = new WorkerRepository(database.db);
  const workerId = await workers.register(hostname(), process.pid);
  const storage = createStorage(config.storage);
  // Half-written temp files of a worker (or server) of this host that was killed mid-write.
  if (storage instanceof LocalStorage) {
    const swept = await storage.sweepTemp().catch(() => 0);
    if (swept) log(`removed ${swept} temp file(s) left by a dead process`);
  }
  const runner = new JobRunner(boss, database, storage, registry, workerId, log, {
    concurrency: { 'learning.train': config.trainConcurrency },
    dirs: { work: config.workDir, cache: config.cacheDir },
  });

  void pruneLocalCache();
  const cachePrune = setInterval(() => void pruneLocalCache(), CACHE_PRUNE_MS);
  cachePrune.unref();

  let stopping = false;
  // Spawned by a server (SIGHTLINE_SUPERVISED): if that server dies without stopping us, stop too.
  const parentAtStart = process.ppid;
  const heartbeat = setInterval(() => {
    if (config.supervised && process.ppid !== parentAtStart) void shutdown('parent exited');
    workers
      .heartbeat(workerId)
      .then((ok) => {
        outage.ok();
        // Marked lost (e.g. the process was paused): our jobs were handed to others. Start afresh.
        if (!ok && !stopping) {
          log('marked lost by the server; exiting so a fresh worker takes over');
          process.exit(1);
        }
      })
      .catch((e) => outage.error('heartbeat', e));
  }, HEARTBEAT_MS);

  await runner.start();
  // Jobs are fetched the moment they are queued (a trigger NOTIFYs job_queued with the kind); the
  // pg-boss poll stays for whatever arrives while this connection is down.
  const listener = new PgListener(url, 'sightline-worker-wake');
  listener.on('job_queued', (kind) => runner.wake(kind));
  log(`ready (id ${workerId}, kinds: ${[...registry.keys()].join(', ')})`);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing ${runner.activeCount} job(s)`);
    await runner.stopFetching().catch(() => undefined);
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    while (runner.activeCount > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (runner.activeCount > 0) {
      runner.abortAll('shutdown');
      for (let i = 0; i < 50 && runner.activeCount > 0; i++) await new Promise((r) => setTimeout(r, 100));
    }
    clearInterval(heartbeat);
    clearInterval(cachePrune);
    await listener.stop();
    await boss.stop({ graceful: false, close: true, wait: true }).catch(() => undefined);
    await workers.stopped(workerId).catch(() => undefined);
    await database.close();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(`[worker ${process.pid}] failed to start:`, err instanceof Error ? err.message : err);
  process.exit(1);
});
