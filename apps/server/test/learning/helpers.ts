// Learning tests: the real app with a queue and local storage in a temp folder (shared with spawned
// workers through DATA_DIR), dataset rows with their image objects in storage, and request helpers.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import { ALGORITHMS } from '@sightline/domain';
import { algorithms, datasetClasses, datasetFolders, datasetImages, datasets, type Db } from '@sightline/db';
import { imageKeys, type Storage } from '@sightline/storage';
import { synth } from '@sightline/vision';
import { AlgorithmRepository } from '../../src/features/algorithm/algorithm.repository';
import { setupTestApp, type TestApp } from '../harness';

export interface LearningTestApp extends TestApp {
  dataDir: string;
}

/** The app on a fresh database with pg-boss and storage under a temp DATA_DIR (removed afterwards). */
export function setupLearningApp(config: Parameters<typeof setupTestApp>[0] = {}): LearningTestApp {
  const dataDir = join(tmpdir(), `sightline-learn-${randomUUID().slice(0, 8)}`);
  const t = setupTestApp({ jobs: true, ...config, config: { dataDir, ...config.config } }) as LearningTestApp;
  t.dataDir = dataDir;
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  return t;
}

/** The seeded training algorithm row of an engine key (seeding is idempotent). */
export async function algorithmId(db: Db, engineKey: string): Promise<number> {
  await new AlgorithmRepository(db).seed(ALGORITHMS);
  const [row] = await db
    .select({ id: algorithms.id })
    .from(algorithms)
    .where(and(eq(algorithms.engineKey, engineKey), eq(algorithms.scope, 'all')))
    .orderBy(asc(algorithms.id))
    .limit(1);
  return row!.id;
}

/** A company, a project and a member with the training permission (plus its auth header). */
export async function trainer(t: TestApp, over: { learningLimit?: number | null } = {}) {
  const company = await t.factory.company();
  const project = await t.factory.project({
    companyId: company.id,
    learningLimit: over.learningLimit ?? null,
  });
  const user = await t.factory.user({ roleId: 4, companyId: company.id, projects: { [project.id]: [1] } });
  return { company, project, user, headers: await t.loginAs(user) };
}

/** POST /api/v2/learnings (the learning form's request) as the trainer `p`. */
export function postLearning(
  t: TestApp,
  p: { headers: { authorization: string } },
  payload: Record<string, unknown>,
) {
  return t.app.inject({ method: 'POST', url: '/api/v2/learnings', headers: p.headers, payload });
}

export interface DatasetSpec {
  projectId: number;
  type?: 'cf' | 'od' | 'sg';
  purpose?: 'preprocessing' | 'evaluation';
  /** class name → image files (PNG bytes). */
  classes: Record<string, Buffer[]>;
  okClasses?: string[];
}

/** Dataset rows (one folder, the classes in the given order) and each original in storage. */
export async function insertDataset(db: Db, storage: Storage, spec: DatasetSpec): Promise<number> {
  const [ds] = await db
    .insert(datasets)
    .values({
      projectId: spec.projectId,
      name: `ds-${randomUUID().slice(0, 8)}`,
      type: spec.type ?? 'cf',
      purpose: spec.purpose ?? 'preprocessing',
    })
    .returning();
  const [folder] = await db.insert(datasetFolders).values({ datasetId: ds!.id, name: 'f1' }).returning();
  let order = 0;
  for (const [name, files] of Object.entries(spec.classes)) {
    const [cls] = await db
      .insert(datasetClasses)
      .values({
        datasetId: ds!.id,
        name,
        color: '#888888',
        isOk: spec.okClasses?.includes(name) ?? false,
        sortOrder: order++,
      })
      .returning();
    let i = 0;
    for (const data of files) {
      const id = randomUUID();
      const meta = await sharp(data).metadata();
      await storage.put(imageKeys(id).original, data);
      await db.insert(datasetImages).values({
        id,
        datasetId: ds!.id,
        folderId: folder!.id,
        classId: cls!.id,
        fileName: `${name}_${i}.png`,
        originalName: `${name}_${i++}.png`,
        sha256: createHash('sha256').update(data).digest('hex'),
        width: meta.width!,
        height: meta.height!,
        channels: meta.channels!,
        format: 'png',
        sizeBytes: data.length,
      });
    }
  }
  return ds!.id;
}

/** A small grey PNG, unique per seed. */
export function plainPng(seed: number, width = 24, height = width): Promise<Buffer> {
  const raw = Buffer.alloc(width * height, (seed * 37) % 256);
  raw.writeUInt32BE(seed >>> 0, 0);
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** Synthetic surface images per class (packages/vision synth): learnable in a few epochs. */
export async function synthClasses(
  perClass: number,
  kinds: ('good' | 'scratch' | 'spot' | 'crack')[],
  seed = 61,
) {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-synth-'));
  try {
    await synth.writeClassificationSet(dir, perClass, { size: 32, seed, kinds });
    const out: Record<string, Buffer[]> = {};
    for (const k of kinds) {
      const names = (await readdir(join(dir, k))).sort();
      out[k] = await Promise.all(names.map((n) => readFile(join(dir, k, n))));
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Tiny training parameters: a couple of seconds per epoch on two shared cores. */
export const TINY = { inputSize: 32, grayscale: 1, width: 8, batchSize: 8, seed: 1, patience: 50 };

/** Reads an SSE stream until `until` says stop (or the stream ends); returns the events seen. */
export async function readSse(
  url: string,
  headers: Record<string, string>,
  until: (events: { event: string; data: unknown }[]) => boolean,
  timeoutMs = 60_000,
): Promise<{ event: string; data: unknown }[]> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  const events: { event: string; data: unknown }[] = [];
  try {
    const res = await fetch(url, { headers, signal: ac.signal });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (ev && data) events.push({ event: ev, data: JSON.parse(data) });
      }
      if (until(events)) break;
    }
    ac.abort();
  } catch (err) {
    if (!ac.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
  }
  return events;
}
