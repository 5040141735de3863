// Evaluation test inputs: a tiny cf model trained here with packages/vision on synthetic images, stored
// like a done learning (learnings/{id}/model/*), and an evaluation dataset uploaded through the API.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import { readDataset, synth, train } from '@sightline/vision';
import { zip } from '../datasets/fixtures';
import { uploadDataset, type DatasetTestApp } from '../datasets/harness';

export const CF_CLASSES = [
  { index: 0, name: 'good', ok: true },
  { index: 1, name: 'scratch', ok: false },
];

/** Trains a 2-class grayscale classifier in a few seconds; answers its model directory. */
export async function trainTinyCf(dir: string): Promise<string> {
  await synth.writeClassificationSet(join(dir, 'train'), 16, {
    size: 32,
    seed: 21,
    kinds: ['good', 'scratch'],
  });
  const data = await readDataset('cf', join(dir, 'train'));
  const res = await train(
    data,
    { epochs: 4, batchSize: 8, inputSize: 32, grayscale: 1, width: 8, seed: 1 },
    { outDir: join(dir, 'model') },
  );
  return res.modelDir;
}

/** A learnings row as the learning job leaves it when done, its model files in storage. */
export async function insertDoneLearning(
  db: Db,
  storage: Storage,
  opts: {
    projectId: number;
    name: string;
    modelDir: string | null;
    task?: string;
    status?: string;
    classes?: typeof CF_CLASSES;
  },
): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    INSERT INTO learnings (project_id, dataset_name, name, task, engine_key, algorithm_name, params, classes,
      validation_split, status, progress, finished_at)
    VALUES (${opts.projectId}, 'train-set', ${opts.name}, ${opts.task ?? 'cf'}, 'cf-resnet', 'ResNet', '{}'::jsonb,
      ${JSON.stringify(opts.classes ?? CF_CLASSES)}::jsonb, 0.2, ${opts.status ?? 'done'}, 100, now())
    RETURNING id`);
  const id = res.rows[0]!.id;
  if (opts.modelDir) {
    const prefix = `learnings/${id}/model`;
    for (const f of await readdir(opts.modelDir)) {
      if (!/^[a-z0-9._-]+$/.test(f)) continue;
      await storage.put(`${prefix}/${f}`, await readFile(join(opts.modelDir, f)));
    }
    await db.execute(sql`UPDATE learnings SET model_prefix = ${prefix} WHERE id = ${id}`);
  }
  return id;
}

/** Uploads synthetic good/scratch images (folder f1) as a cf dataset; answers its id. */
export async function uploadCfDataset(
  t: DatasetTestApp,
  dir: string,
  p: {
    projectId: number;
    headers: Record<string, string>;
    name: string;
    purpose?: 'evaluation' | 'preprocessing';
    perClass?: number;
    seed?: number;
  },
): Promise<number> {
  const src = join(dir, `set-${p.name}`);
  await synth.writeClassificationSet(src, p.perClass ?? 6, {
    size: 32,
    seed: p.seed ?? 22,
    kinds: ['good', 'scratch'],
  });
  const items = [];
  for (const cls of ['good', 'scratch'])
    for (const f of (await readdir(join(src, cls))).sort())
      items.push({ name: `f1/${cls}/${f}`, data: await readFile(join(src, cls, f)) });
  return uploadDataset(
    t,
    p.headers,
    { project_id: p.projectId, name: p.name, type: 'cf', purpose: p.purpose ?? 'evaluation' },
    [{ name: `${p.name}.zip`, data: await zip(items) }],
  );
}
