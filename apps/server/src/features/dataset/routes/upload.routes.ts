// Dataset upload (multipart: many images or zips), the remaining-count endpoint and upload progress.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  DatasetErrorCode as E,
  dataOf,
  errorBodySchema,
  uploadFieldsSchema,
  uploadProgressSchema,
  uploadQuotaSchema,
  uploadResultSchema,
} from '@sightline/domain';
import { processTag } from '@sightline/storage';
import { AppError } from '../../../common/app-error';
import type { DatasetServices } from '../dataset.module';
import { spoolMultipart } from '../ingest/multipart-spool';
import { isTrialUser } from '../dataset.service';

export default async function uploadRoutes(root: FastifyInstance, opts: { services: DatasetServices }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { datasets, ingest, progress, limits } = opts.services;
  const security = [{ bearer: [] }];
  const tags = ['datasets'];
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.get(
    '/api/v2/datasets/upload/quota',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        querystring: z.object({ project_id: z.coerce.number().int().positive() }),
        response: { 200: dataOf(uploadQuotaSchema) },
      },
    },
    async (req) => ({
      data: await datasets.quota(req.actor, req.authUser, req.query.project_id, app.deps.config.productName),
    }),
  );

  app.get(
    '/api/v2/datasets/upload/:uploadId/progress',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        params: z.object({ uploadId: z.string().uuid() }),
        response: { 200: dataOf(uploadProgressSchema), 404: errorBodySchema },
      },
    },
    async (req) => {
      const p = progress.get(req.params.uploadId, req.actor.id);
      if (!p) throw AppError.notFound('uploadId');
      return { data: p };
    },
  );

  app.post(
    '/api/v2/datasets/upload',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        // upload_id in the query lets the progress call follow the bytes while they arrive.
        querystring: z.object({ upload_id: z.string().uuid().optional() }),
        response: { 201: dataOf(uploadResultSchema), 400: errorBodySchema },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(E.FileRequired, 400, {}, 'file');
      // Tagged with host and pid: the next start-up removes the spool of a process that died mid-upload.
      const dir = join(app.deps.config.dataDir, 'tmp', 'uploads', `${processTag()}-${randomUUID()}`);
      let report: ReturnType<typeof progress.start> = progress.start(req.query.upload_id, req.actor.id);
      const expected = Number(req.headers['content-length'] ?? 0);
      try {
        const spooled = await spoolMultipart(req, dir, limits.maxUploadBytes, {
          onBytes: (bytes) => report({ processed: bytes, total: Math.max(expected, bytes) }),
          // Fields sent before the files (the web client does) let a refusal come before the bytes.
          beforeFirstFile: async (fields) => {
            const projectId = Number(fields.project_id);
            if (Number.isInteger(projectId) && projectId > 0)
              await datasets.requireProject(req.actor, projectId);
          },
        });
        const parsed = uploadFieldsSchema.safeParse(spooled.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = String(issue.path[0] ?? '');
          if (field === 'type') throw new AppError(E.DatasetTypeRequired, 400, {}, 'type');
          throw AppError.validation(field);
        }
        const f = parsed.data;
        await datasets.requireProject(req.actor, f.project_id);
        if (f.upload_id && !req.query.upload_id) report = progress.start(f.upload_id, req.actor.id);
        const result = await ingest.ingest({
          userId: req.actor.id,
          trial: isTrialUser(req.authUser, app.deps.config.productName),
          projectId: f.project_id,
          datasetId: f.dataset_id,
          name: f.name,
          type: f.type,
          purpose: f.purpose,
          folder: f.folder,
          files: spooled.files,
          onProgress: report,
        });
        reply.code(201);
        return { data: result };
      } catch (err) {
        report({ phase: 'failed' });
        // A refused request may still be sending: drain it so the client reads our answer.
        if (!req.raw.readableEnded) req.raw.resume();
        throw err;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
}
