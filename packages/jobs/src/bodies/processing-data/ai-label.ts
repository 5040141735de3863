// AI labeling works. Both copy the source images into the result folder and leave proposals there for
// review (dataset_images.prediction, class_score = how sure; confirmed = false until accepted):
//   unsupervised  the engine's group() clusters the images into k groups, which become classes
//                 group_1..group_k; an image near its group centre is a surer proposal;
//   supervised    a done learning's model labels the images that have no manual label yet (cf class,
//                 od boxes, sg polygons); manually labelled images are copied as they are, confirmed.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { classColorAt } from '@sightline/domain';
import { datasetClasses, type Db } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import { group, loadModel, type Prediction } from '@sightline/vision';
import { cachedModelDir } from '../evaluation/model-cache';
import {
  classMap,
  clearResult,
  insertObjects,
  loadWork,
  objectsOf,
  readImage,
  resultTarget,
  sourceImages,
  storeImage,
  type ObjectRow,
} from './work';

interface AiInput {
  db: Db;
  storage: Storage;
  workId: number;
  workDir: string;
  cacheDir: string;
  progress(pct: number, message?: string): Promise<void>;
  signal?: AbortSignal;
  /** The grouping engine (the vision engine's group() unless a test gives another). */
  groupImages?: typeof group;
}

/** Proposal confidence of a group member: 1 at the centre, falling to 0 at the group's farthest member. */
export function groupConfidence(assignments: number[], distances: number[]): number[] {
  const far = new Map<number, number>();
  assignments.forEach((g, i) => far.set(g, Math.max(far.get(g) ?? 0, distances[i]!)));
  return assignments.map((g, i) => {
    const f = far.get(g)!;
    return f > 0 ? Math.max(0, Math.min(1, 1 - distances[i]! / f)) : 1;
  });
}

export async function runUnsupervised(input: AiInput): Promise<Record<string, unknown>> {
  const { db, storage } = input;
  const { work, source } = await loadWork(db, input.workId);
  const k = Number(work.options.class_count);
  const resultId = work.resultDatasetId!;
  await clearResult(db, resultId);
  await db.delete(datasetClasses).where(eq(datasetClasses.datasetId, resultId));
  const images = await sourceImages(db, source.datasetId, source.folderIds);
  const dir = join(input.workDir, 'processing', String(work.id));
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    const paths: string[] = [];
    for (const [i, img] of images.entries()) {
      input.signal?.throwIfAborted();
      const p = join(dir, `${i}-${img.fileName}`);
      await writeFile(p, await readImage(storage, img.id));
      paths.push(p);
      if (i % 20 === 0) await input.progress((i / images.length) * 10, `reading ${i}/${images.length}`);
    }
    const res = await (input.groupImages ?? group)(paths, {
      params: { k, ...(work.options.params as Record<string, number> | undefined) },
      signal: input.signal,
      onEvent: (e) => {
        if (e.event === 'progress')
          void input.progress(10 + e.percent * 0.7, `grouping ${Math.round(e.percent)}%`);
      },
    });
    const classes = await db
      .insert(datasetClasses)
      .values(
        Array.from({ length: k }, (_, g) => ({
          datasetId: resultId,
          name: `group_${g + 1}`,
          color: classColorAt(g),
          sortOrder: g,
        })),
      )
      .returning({ id: datasetClasses.id });
    const { folderId } = await resultTarget(db, resultId);
    const confidence = groupConfidence(res.assignments, res.distances);
    for (const [i, img] of images.entries()) {
      input.signal?.throwIfAborted();
      const g = res.assignments[i]!;
      await storeImage(db, storage, {
        datasetId: resultId,
        folderId,
        fileName: img.fileName,
        data: await readImage(storage, img.id),
        classId: classes[g]!.id,
        prediction: { source: 'ai_unsupervised', group: g, distance: res.distances[i], score: confidence[i] },
        classScore: confidence[i]!,
      });
      if (i % 20 === 0) await input.progress(80 + (i / images.length) * 20, `saving ${i}/${images.length}`);
    }
    return {
      k,
      sizes: res.sizes,
      silhouette: res.silhouette,
      images: images.length,
      proposals: images.length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function learningModel(db: Db, id: number) {
  const res = await db.execute<{ id: number; status: string; model_prefix: string | null }>(
    sql`SELECT id, status, model_prefix FROM learnings WHERE id = ${id}`,
  );
  return res.rows[0] ?? null;
}

/** Whether an image carries a manual label (cf class, or any drawn/imported object). */
export const isLabelled = (classId: number | null, objects: readonly ObjectRow[] | undefined) =>
  classId !== null || (objects ?? []).some((o) => o.kind !== 'region');

export async function runSupervised(input: AiInput): Promise<Record<string, unknown>> {
  const { db, storage } = input;
  const { work, source } = await loadWork(db, input.workId);
  const learning = await learningModel(db, Number(work.options.learning_id));
  if (!learning || learning.status !== 'done')
    throw Object.assign(new Error('The model is not available (deleted or not done)'), {
      code: 'MODEL_NOT_FOUND',
    });
  const modelDir = await cachedModelDir(
    storage,
    input.cacheDir,
    learning.id,
    learning.model_prefix,
    input.signal,
  );
  const model = await loadModel(modelDir);
  const threshold = Number(work.options.threshold ?? 0.3);
  const resultId = work.resultDatasetId!;
  await clearResult(db, resultId);
  const { folderId, classByName } = await resultTarget(db, resultId);
  const map = await classMap(db, source.datasetId, classByName);
  const mapClass = (id: number | null) => (id === null ? null : (map.get(id) ?? null));
  const byModelName = (name: string) => classByName.get(name.toLowerCase()) ?? null;
  const images = await sourceImages(db, source.datasetId, source.folderIds);
  const objects = await objectsOf(
    db,
    images.map((i) => i.id),
  );
  let proposals = 0;
  let kept = 0;
  for (const [i, img] of images.entries()) {
    input.signal?.throwIfAborted();
    const data = await readImage(storage, img.id);
    const own = objects.get(img.id);
    if (isLabelled(img.classId, own)) {
      const id = await storeImage(db, storage, {
        datasetId: resultId,
        folderId,
        fileName: img.fileName,
        data,
        classId: mapClass(img.classId),
        edited: img.edited,
        confirmed: true,
      });
      if (id)
        await insertObjects(
          db,
          (own ?? [])
            .filter((o) => o.kind !== 'mask')
            .map((o) => ({ ...o, imageId: id, classId: mapClass(o.classId) })),
        );
      kept++;
    } else {
      const [p] = await model.predict([data]);
      const proposal = proposalOf(p!, threshold, byModelName);
      const id = await storeImage(db, storage, {
        datasetId: resultId,
        folderId,
        fileName: img.fileName,
        data,
        classId: proposal.classId,
        prediction: { source: 'ai_supervised', learning_id: learning.id, ...proposal.summary },
        classScore: proposal.score,
      });
      if (id)
        await insertObjects(
          db,
          proposal.objects.map((o) => ({ ...o, imageId: id })),
        );
      proposals++;
    }
    await input.progress(((i + 1) / images.length) * 100, `${i + 1}/${images.length}`);
  }
  return { images: images.length, proposals, manual: kept, learning_id: learning.id };
}

/** A model's prediction as labels: the class or objects, and the score review sorts by (lowest first). */
export function proposalOf(
  p: Prediction,
  threshold: number,
  classId: (name: string) => number | null,
): { classId: number | null; score: number; objects: ObjectRow[]; summary: Record<string, unknown> } {
  if (p.task === 'cf')
    return {
      classId: classId(p.className),
      score: p.score,
      objects: [],
      summary: { class_name: p.className, score: p.score },
    };
  if (p.task === 'od') {
    const kept = p.detections.filter((d) => d.score >= threshold && classId(d.className) !== null);
    return {
      classId: null,
      // The image is as sure as its least sure box; an image without boxes as sure as its best miss.
      score: kept.length
        ? Math.min(...kept.map((d) => d.score))
        : 1 - Math.max(0, ...p.detections.map((d) => d.score)),
      objects: kept.map((d, n) => ({
        imageId: '',
        classId: classId(d.className),
        kind: 'box',
        geometry: { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2, oid: `ai${n}`, score: d.score },
      })),
      summary: { boxes: kept.length },
    };
  }
  if (p.task === 'sg') {
    const regions = p.regions.filter((r) => r.polygon.length >= 3 && classId(r.className) !== null);
    return {
      classId: null,
      score: regions.length ? 0.5 : 1,
      objects: regions.map((r, n) => ({
        imageId: '',
        classId: classId(r.className),
        kind: 'polygon',
        geometry: { points: r.polygon, oid: `ai${n}` },
      })),
      summary: { regions: regions.length },
    };
  }
  return { classId: null, score: p.score, objects: [], summary: { score: p.score } };
}

/** Result classes of a work in order (for reports). */
export function resultClasses(db: Db, datasetId: number) {
  return db
    .select()
    .from(datasetClasses)
    .where(eq(datasetClasses.datasetId, datasetId))
    .orderBy(asc(datasetClasses.sortOrder));
}
