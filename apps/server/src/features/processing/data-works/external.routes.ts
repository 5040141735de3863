// External labeling upload (SPEC §2 dialog, §5 "External labeling"): images (.png/.jpg), bbox files of
// the chosen type (YOLO txt, Pascal VOC xml, COCO json) and a .txt class file, sent loose or in zips.
// The request streams them to the spool like the dataset upload (same size limits; zips opened with the
// same defences), checks them with the shared rules (names match, unique, right extension), stores the
// checked members as one pack and creates, in one transaction, the result od dataset, the external work
// (waiting) and its processing.data job, which imports the images and boxes with progress
// (packages/jobs bodies/processing-data/external.ts).
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  cocoNamesIssue,
  DatasetErrorCode as E,
  externalFilesIssue,
  externalUploadFieldsSchema,
  LabelErrorCode as L,
  ProcessingErrorCode as P,
  TRIAL_UPLOAD_MAX_IMAGES,
  type ExternalUploadFields,
} from '@sightline/domain';
import { schema } from '@sightline/db';
import {
  enqueueInTransaction,
  QueueUnavailableError,
  writePack,
  type ExternalOptions,
  type PackRole,
} from '@sightline/jobs';
import { processTag } from '@sightline/storage';
import { parseClassNames, parseVoc } from '@sightline/vision';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { AppDeps } from '../../../app-deps';
import { AppError } from '../../../common/app-error';
import { createDatasetServices } from '../../dataset/dataset.module';
import { isTrialUser } from '../../dataset/dataset.service';
import { spoolMultipart, type Spooled } from '../../dataset/ingest/multipart-spool';
import { isJunkPath } from '../../dataset/ingest/upload-plan';
import { formatBytes } from '../../dataset/ingest/upload-limits';
import { openUploadedZip, type OpenedZip, type ZipEntryRef } from '../../dataset/ingest/zip-reader';
import { ProcessingDataRepository } from './processing-data.repository';

const IMAGE_LIKE = /\.(png|jpe?g|bmp|gif|tiff?|webp)$/i;
const CLASS_FILE = /^(classes?|obj)\.[^.]*$|^obj\.names$/i;
const base = (p: string) => p.split('/').pop()!;

interface Member {
  name: string;
  read: () => Promise<Buffer> | NodeJS.ReadableStream;
  /** The spooled file it is, or is inside (then `entry` is its zip entry). */
  file: Spooled['files'][number];
  entry?: ZipEntryRef;
  zip?: OpenedZip;
}

export default async function externalRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const datasets = createDatasetServices(app.deps);
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/api/v2/processing/external',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['processing'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({
            data: z.object({
              id: z.number(),
              job_id: z.string(),
              result_dataset_id: z.number(),
              images: z.number(),
              classes: z.array(z.string()),
            }),
          }),
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(E.FileRequired, 400, {}, 'file');
      const dir = join(app.deps.config.dataDir, 'tmp', 'uploads', `${processTag()}-${randomUUID()}`);
      const zips: OpenedZip[] = [];
      try {
        const spooled: Spooled = await spoolMultipart(req, dir, datasets.limits.maxUploadBytes, {
          beforeFirstFile: async (fields) => {
            const projectId = Number(fields.project_id);
            if (Number.isInteger(projectId) && projectId > 0)
              await datasets.datasets.requireProject(req.actor, projectId);
          },
        });
        const parsed = externalUploadFieldsSchema.safeParse(spooled.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = String(issue.path[0] ?? '');
          const code = /^[A-Z_]+$/.test(issue.message) ? issue.message : null;
          if (code) throw new AppError(code, 400, field === 'name' ? { max: 30 } : {}, field);
          if (field === 'dataset_name') throw new AppError(E.DatasetNameRequired, 400, {}, field);
          throw AppError.validation(field);
        }
        const f: ExternalUploadFields = parsed.data;
        await datasets.datasets.requireProject(req.actor, f.project_id);
        const repo = new ProcessingDataRepository(app.deps.database.db);
        if (await repo.workNameTaken(f.project_id, f.name))
          throw new AppError(P.WorkNameExists, 409, {}, 'name');
        if (await repo.datasetNameTaken(f.project_id, f.dataset_name))
          throw new AppError(E.DatasetNameExists, 409, {}, 'dataset_name');

        // Every member, loose or inside a zip (zips opened with the upload's limits).
        const members: Member[] = [];
        for (const file of spooled.files) {
          if (/\.zip$/i.test(file.originalName)) {
            const zip = await openUploadedZip(file.path, file.originalName, file.size, datasets.limits);
            zips.push(zip);
            for (const e of zip.entries)
              if (!isJunkPath(e.path) && !e.path.endsWith('/'))
                members.push({ name: e.path, read: () => zip.read(e), file, entry: e, zip });
          } else members.push({ name: file.originalName, read: () => createReadStream(file.path), file });
        }
        const images = members.filter((m) => IMAGE_LIKE.test(m.name));
        const classFiles = members.filter((m) => !IMAGE_LIKE.test(m.name) && CLASS_FILE.test(base(m.name)));
        const labels = members.filter((m) => !IMAGE_LIKE.test(m.name) && !classFiles.includes(m));
        const issue = externalFilesIssue({
          labelType: f.label_type,
          images: images.map((m) => m.name),
          labels: labels.map((m) => m.name),
          classFile: classFiles[0]?.name ?? null,
        });
        if (issue) throw new AppError(issue.code, 400, issue.params ?? {}, 'file');
        // The upload limits of a dataset upload, before anything is stored.
        if (isTrialUser(req.authUser, app.deps.config.productName) && images.length > TRIAL_UPLOAD_MAX_IMAGES)
          throw new AppError(E.TrialUploadLimit, 400, { max: TRIAL_UPLOAD_MAX_IMAGES });
        const usage = await datasets.repo.uploadUsage(f.project_id);
        if (usage.limit !== null && usage.used + images.length > usage.limit)
          throw new AppError(E.UploadLimitExceeded, 400, {
            remaining: Math.max(0, usage.limit - usage.used),
          });
        let cocoJson: { images?: { file_name?: string }[]; categories?: { id: number; name: string }[] } = {};
        if (f.label_type === 'coco') {
          const text = await asBuffer(labels[0]!.read());
          let named: string[] = [];
          try {
            cocoJson = JSON.parse(text.toString('utf8')) as typeof cocoJson;
            named = cocoJson.images?.map((i) => String(i.file_name)) ?? [];
          } catch {
            throw new AppError(L.LabelFileUnreadable, 400, { file: labels[0]!.name }, 'file');
          }
          const cocoIssue = cocoNamesIssue(
            labels[0]!.name,
            named,
            images.map((m) => m.name),
          );
          if (cocoIssue) throw new AppError(cocoIssue.code, 400, cocoIssue.params ?? {}, 'file');
        }

        // The classes answered are read now: the pack takes the first uploaded file's place below.
        const classes = await classNames(f.label_type, labels, classFiles[0], cocoJson);
        const chosen: [Member, PackRole][] = [
          ...images.map((m): [Member, PackRole] => [m, 'image']),
          ...labels.map((m): [Member, PackRole] => [m, 'label']),
          ...(f.label_type === 'yolo' && classFiles[0]
            ? [[classFiles[0], 'classes'] as [Member, PackRole]]
            : []),
        ];
        // Where each zip member's bytes start in its zip, read before the zip moves into the pack.
        const dataOffsets = new Map<Member, number>();
        for (const [m, role] of chosen) {
          if (m.zip && m.entry) dataOffsets.set(m, await m.zip.dataOffset(m.entry));
          if (role === 'image' && (m.entry?.size ?? m.file.size) > datasets.limits.maxImageBytes)
            throw new AppError(E.FileTooLarge, 400, {
              file: m.entry ? `${m.file.originalName}: ${m.entry.path}` : m.file.originalName,
              max: formatBytes(datasets.limits.maxImageBytes),
            });
        }

        // The checked members as one stored pack; the processing.data job imports them (external.ts).
        // The uploaded files as they are (the first one moved, not copied); each checked member is found
        // by offset (zip members inside their zip).
        const packPath = join(dir, 'external.pack');
        const pack = writePack(packPath);
        const bases = new Map<string, number>();
        for (const [i, file] of spooled.files.entries())
          bases.set(file.path, await (i === 0 ? pack.adoptFile(file.path) : pack.appendFile(file.path)));
        for (const [m, role] of chosen) {
          const at = bases.get(m.file.path)!;
          if (m.entry) pack.addZipMember(base(m.name), role, at, dataOffsets.get(m)!, m.entry.entry);
          else pack.addLoose(base(m.name), role, at, m.file.size);
        }
        await pack.end();
        for (const zip of zips.splice(0)) zip.close();
        const uploadKey = `uploads/external/${randomUUID()}.pack`;
        await app.deps.storage.put(
          uploadKey,
          { path: packPath },
          { contentType: 'application/octet-stream' },
        );
        const options: ExternalOptions = { label_type: f.label_type, upload_key: uploadKey };
        const created = await createExternalWork(app.deps, req.actor.id, f, options).catch(async (err) => {
          await app.deps.storage.deleteMany([uploadKey]).catch(() => undefined);
          throw err;
        });
        reply.code(201);
        return {
          data: {
            ...created,
            images: images.length,
            classes,
          },
        };
      } catch (err) {
        if (!req.raw.readableEnded) req.raw.resume();
        throw err;
      } finally {
        for (const zip of zips) zip.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
}

async function asBuffer(src: Promise<Buffer> | NodeJS.ReadableStream): Promise<Buffer> {
  return src instanceof Promise ? src : buffer(src);
}

/** The result dataset (one folder), the external work (waiting) and its processing.data job, together. */
async function createExternalWork(
  deps: AppDeps,
  userId: number,
  f: ExternalUploadFields,
  options: ExternalOptions,
): Promise<{ id: number; job_id: string; result_dataset_id: number }> {
  if (!deps.queue) throw new QueueUnavailableError();
  const client = await deps.database.pool.connect();
  try {
    await client.query('BEGIN');
    const repo = new ProcessingDataRepository(drizzle(client, { schema }));
    const ds = await repo.insertResultDataset({
      projectId: f.project_id,
      name: f.dataset_name,
      type: 'od',
      userId,
    });
    const work = await repo.insertWork({
      projectId: f.project_id,
      name: f.name,
      kind: 'external',
      task: 'od',
      status: 'waiting',
      description: f.description,
      options: options as unknown as Record<string, unknown>,
      saveDir: f.dataset_name,
      resultDatasetId: ds.id,
      createdBy: userId,
    });
    const jobId = await enqueueInTransaction(
      client,
      deps.queue,
      { kind: 'processing.data', payload: { workId: work.id } },
      { projectId: f.project_id, userId, singletonKey: `processing:${work.id}` },
    );
    await repo.setWork(work.id, { jobId });
    await client.query('COMMIT');
    return { id: work.id, job_id: jobId, result_dataset_id: ds.id };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    const c =
      (err as { constraint?: string; cause?: { constraint?: string } }).constraint ??
      (err as { cause?: { constraint?: string } }).cause?.constraint;
    if (c === 'processing_works_name_uq') throw new AppError(P.WorkNameExists, 409, {}, 'name');
    if (c === 'datasets_project_name_uq') throw new AppError(E.DatasetNameExists, 409, {}, 'dataset_name');
    throw err;
  } finally {
    client.release();
  }
}

/** The classes the import will make (the job reads them the same way): class file, VOC names, COCO categories. */
async function classNames(
  type: ExternalUploadFields['label_type'],
  labels: Member[],
  classFile: Member | undefined,
  coco: { categories?: { id: number; name: string }[] },
): Promise<string[]> {
  if (type === 'yolo')
    return classFile ? parseClassNames((await asBuffer(classFile.read())).toString('utf8')) : [];
  if (type === 'coco')
    return [...(coco.categories ?? [])].sort((a, b) => a.id - b.id).map((c) => String(c.name));
  const names = new Set<string>();
  for (const m of labels) {
    try {
      for (const o of parseVoc((await asBuffer(m.read())).toString('utf8'), m.name)) names.add(o.name);
    } catch {
      // The job names the unreadable file.
    }
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}
