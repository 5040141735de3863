// External labeling upload (SPEC §2 dialog, §5 "External labeling"): images (.png/.jpg), bbox files of
// the chosen type (YOLO txt, Pascal VOC xml, COCO json) and a .txt class file, sent loose or in zips.
// Streamed to the spool like the dataset upload (same size limits; zips opened with the same defences),
// checked by the shared rules (names match, unique, right extension), then laid out as one annotated
// zip that the dataset ingest reads with the vision engine's parsers into a new od dataset; the work
// is recorded as an external processing work, done.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import yazl from 'yazl';
import { z } from 'zod';
import {
  cocoNamesIssue,
  DatasetErrorCode as E,
  externalFilesIssue,
  externalUploadFieldsSchema,
  LabelErrorCode as L,
  ProcessingErrorCode as P,
  type ExternalUploadFields,
} from '@sightline/domain';
import { processingWorks } from '@sightline/db';
import { processTag } from '@sightline/storage';
import { AppError } from '../../../common/app-error';
import { createDatasetServices } from '../../dataset/dataset.module';
import { isTrialUser } from '../../dataset/dataset.service';
import { spoolMultipart, type Spooled } from '../../dataset/ingest/multipart-spool';
import { isJunkPath } from '../../dataset/ingest/upload-plan';
import { openUploadedZip, type OpenedZip } from '../../dataset/ingest/zip-reader';
import { ProcessingDataRepository } from './processing-data.repository';

const IMAGE_LIKE = /\.(png|jpe?g|bmp|gif|tiff?|webp)$/i;
const CLASS_FILE = /^(classes?|obj)\.[^.]*$|^obj\.names$/i;
const base = (p: string) => p.split('/').pop()!;

interface Member {
  name: string;
  read: () => Promise<Buffer> | NodeJS.ReadableStream;
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
                members.push({ name: e.path, read: () => zip.read(e), zip });
          } else members.push({ name: file.originalName, read: () => createReadStream(file.path) });
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
        if (f.label_type === 'coco') {
          const text = await asBuffer(labels[0]!.read());
          let named: string[] = [];
          try {
            named =
              (JSON.parse(text.toString('utf8')) as { images?: { file_name?: string }[] }).images?.map((i) =>
                String(i.file_name),
              ) ?? [];
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

        // One annotated zip in the layout the engine's od readers take: images/, labels|annotations/, classes.txt.
        const out = join(dir, 'external.zip');
        const z = new yazl.ZipFile();
        const written = pipeline(z.outputStream, createWriteStream(out));
        // Images stream in one at a time as the zip reaches them.
        for (const m of images)
          z.addReadStreamLazy(`images/${base(m.name)}`, { compress: false }, (cb) => {
            const src = m.read();
            if (src instanceof Promise)
              src.then(
                (buf) => cb(null, Readable.from([buf])),
                (err: Error) => cb(err, undefined as never),
              );
            else cb(null, src as Readable);
          });
        const labelDir = f.label_type === 'yolo' ? 'labels' : f.label_type === 'voc' ? 'annotations' : '';
        for (const m of labels)
          z.addBuffer(
            await asBuffer(m.read()),
            labelDir ? `${labelDir}/${base(m.name)}` : 'annotations.json',
          );
        if (f.label_type === 'yolo' && classFiles[0])
          z.addBuffer(await asBuffer(classFiles[0].read()), 'classes.txt');
        z.end();
        await written;
        for (const zip of zips.splice(0)) zip.close();

        const result = await datasets.ingest.ingest({
          userId: req.actor.id,
          trial: isTrialUser(req.authUser, app.deps.config.productName),
          projectId: f.project_id,
          name: f.dataset_name,
          type: 'od',
          purpose: 'preprocessing',
          files: [{ path: out, originalName: `${f.dataset_name}.zip`, size: (await stat(out)).size }],
        });
        const [work] = await app.deps.database.db
          .insert(processingWorks)
          .values({
            projectId: f.project_id,
            name: f.name,
            kind: 'external',
            task: 'od',
            status: 'done',
            progress: 100,
            description: f.description,
            options: { label_type: f.label_type },
            result: { images: result.stored, classes: result.classes },
            saveDir: f.dataset_name,
            resultDatasetId: result.dataset_id,
            createdBy: req.actor.id,
          })
          .returning({ id: processingWorks.id });
        reply.code(201);
        return {
          data: {
            id: work!.id,
            result_dataset_id: result.dataset_id,
            images: result.stored,
            classes: result.classes,
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
  if (src instanceof Promise) return src;
  const chunks: Buffer[] = [];
  for await (const c of src) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
