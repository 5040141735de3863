// Corrections → a dataset for relearning in one click: the sampled inspections a reviewer corrected
// become a dataset (purpose preprocessing) of the line's project, one image per correction. A cf (or sg/ad)
// line gets a cf dataset, each image filed under the reviewer's class (or OK / NG when none was given).
// An od line gets an od dataset: an overkill (judged NG, truly OK) is a confirmed image without boxes;
// a truly NG image keeps the model's boxes as pre-labels (renamed to the reviewer's class when one was
// given), unconfirmed, and an escape (judged OK) comes without boxes, unconfirmed: both are finished in
// the annotation workspace. Training on it is the learning feature's.
import { randomUUID } from 'node:crypto';
import { MonitoringErrorCode as C, type Actor } from '@sightline/domain';
import {
  datasetClasses,
  datasetFolders,
  datasetImages,
  datasets,
  imageObjects,
  type Db,
  type InspectionResultJson,
} from '@sightline/db';
import { imageKeys, readBuffer, type Storage } from '@sightline/storage';
import { AppError } from '../../common/app-error';
import { processImage, sha256 } from '../dataset/ingest/image-processor';
import type { LineAccess } from './line-access';
import type { MonitoringRepository } from './monitoring.repository';

const COLOURS = ['#2f9e44', '#e03131', '#1971c2', '#f08c00', '#9c36b5', '#0c8599', '#5c940d', '#c2255c'];
const MAX_PIXELS = 100_000_000;

export class RelearningService {
  constructor(
    private readonly db: Db,
    private readonly repo: MonitoringRepository,
    private readonly access: LineAccess,
    private readonly storage: Storage,
  ) {}

  async correctionsDataset(
    actor: Actor,
    lineId: number,
  ): Promise<{ dataset_id: number; name: string; images: number }> {
    // Reviewing needs the monitoring permission, making a training dataset the training one.
    await this.access.require(actor, lineId);
    const { line } = await this.access.require(actor, lineId, 'project.train');
    const pairs = (await this.repo.verifiedPairs(lineId)).filter(
      (p) => p.truth !== p.judged || (p.verifiedClass && p.verifiedClass !== p.className),
    );
    if (!pairs.length) throw new AppError(C.NoCorrections, 409, {}, 'line_id');
    const d = await this.repo.activeDeployment(lineId);
    const od = d?.task === 'od';
    const okNames = new Set((d?.classes ?? []).filter((c) => c.ok).map((c) => c.name));
    const firstOk = [...okNames][0] ?? 'OK';
    const label = (p: (typeof pairs)[number]) =>
      p.verifiedClass ?? (p.truth === 'OK' ? firstOk : p.judged === 'NG' && p.className ? p.className : 'NG');
    // Decode and store first; rows in one transaction after.
    const files: {
      id: string;
      cls: string;
      serial: string;
      hash: string;
      size: number;
      meta: Awaited<ReturnType<typeof processImage>>;
      /** od: the boxes the image starts with, and whether they are final. */
      boxes: { cls: string; x1: number; y1: number; x2: number; y2: number }[];
      confirmed: boolean;
    }[] = [];
    const seen = new Set<string>();
    for (const p of pairs) {
      const buf = await readBuffer(this.storage, p.originalKey);
      if (!buf) continue;
      const hash = sha256(buf);
      if (seen.has(hash)) continue;
      seen.add(hash);
      const meta = await processImage(buf, p.serial, MAX_PIXELS).catch(() => null);
      if (!meta) continue;
      const id = randomUUID();
      const keys = imageKeys(id);
      await this.storage.put(keys.original, buf);
      await this.storage.put(keys.thumb, meta.thumb, { contentType: 'image/webp' });
      const boxes =
        od && p.truth === 'NG' ? preLabels(p.result, p.verifiedClass, meta.width, meta.height) : [];
      files.push({
        id,
        cls: label(p),
        serial: p.serial,
        hash,
        size: buf.length,
        meta,
        boxes,
        confirmed: !od || p.truth === 'OK',
      });
    }
    if (!files.length) throw new AppError(C.NoCorrections, 409, {}, 'line_id');
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    const name = `${line.code}-corrections-${stamp}-${randomUUID().slice(0, 4)}`;
    return this.db.transaction(async (tx) => {
      const [ds] = await tx
        .insert(datasets)
        .values({
          projectId: line.projectId,
          name,
          type: od ? 'od' : 'cf',
          purpose: 'preprocessing',
          createdBy: actor.id,
        })
        .returning();
      const [folder] = await tx.insert(datasetFolders).values({ datasetId: ds!.id, name: 'f1' }).returning();
      // od: the model's defect classes and the reviewers' (no OK / NG class: an OK image has no boxes).
      const names = od
        ? [
            ...new Set([
              ...(d?.classes ?? []).filter((c) => !c.ok).map((c) => c.name),
              ...files.flatMap((f) => f.boxes.map((b) => b.cls)),
            ]),
          ]
        : [...new Set([...(d?.classes ?? []).map((c) => c.name), ...files.map((f) => f.cls)])];
      const classes = await tx
        .insert(datasetClasses)
        .values(
          names.map((n, i) => ({
            datasetId: ds!.id,
            name: n,
            color: COLOURS[i % COLOURS.length]!,
            isOk: okNames.has(n) || n === 'OK',
            sortOrder: i,
          })),
        )
        .returning();
      const classId = new Map(classes.map((c) => [c.name, c.id]));
      await tx.insert(datasetImages).values(
        files.map((f) => ({
          id: f.id,
          datasetId: ds!.id,
          folderId: folder!.id,
          classId: od ? null : (classId.get(f.cls) ?? null),
          fileName: `${f.serial.replace(/[^A-Za-z0-9._-]/g, '_')}-${f.id.slice(0, 8)}.${f.meta.format === 'jpeg' ? 'jpg' : f.meta.format}`,
          originalName: f.serial,
          sha256: f.hash,
          width: f.meta.width,
          height: f.meta.height,
          channels: f.meta.channels,
          format: f.meta.format,
          sizeBytes: f.size,
          confirmed: f.confirmed,
        })),
      );
      const objects = files.flatMap((f) =>
        f.boxes.map(({ cls, ...box }) => ({
          imageId: f.id,
          classId: classId.get(cls) ?? null,
          kind: 'box',
          geometry: box,
        })),
      );
      if (objects.length) await tx.insert(imageObjects).values(objects);
      return { dataset_id: ds!.id, name, images: files.length };
    });
  }
}

/** An od inspection's boxes as pre-labels inside the image (renamed to the reviewer's class if any). */
function preLabels(
  result: InspectionResultJson,
  verifiedClass: string | null,
  width: number,
  height: number,
): { cls: string; x1: number; y1: number; x2: number; y2: number }[] {
  const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 100) / 100;
  return (result.boxes ?? [])
    .map((b) => ({
      cls: verifiedClass ?? b.class_name,
      x1: clamp(b.x1, width),
      y1: clamp(b.y1, height),
      x2: clamp(b.x2, width),
      y2: clamp(b.y2, height),
    }))
    .filter((b) => b.x2 > b.x1 && b.y2 > b.y1);
}
