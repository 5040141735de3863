// Click segmentation: GET /api/v2/segment/model[?dataset_id=] (the decoder the browser loads, with its
// sizes; with a dataset, the pair of its project), GET/POST/DELETE /api/v2/projects/:id/segment-model (the
// project's refined pair: state, refine on the project's sg masks (segment.refine job), revert), and
// GET /api/v2/datasets/:id/images/:imageId/segment-embedding (the image's .npy embedding, cached), and
// GET /api/v2/datasets/:id/images/:imageId/mask-file?key= (a stored mask PNG the sg workspace draws).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  errorBodySchema,
  projectSegmentModelSchema,
  Role,
  SegmentErrorCode,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { requestLocale } from '../../common/locale';
import { createSegmentServices } from './segment.module';

/** An encoder or decoder file may be this big (SAM ViT-B's encoder is ~350 MB). */
const MODEL_FILE_MAX_BYTES = 512 * 1024 * 1024;

const params = z.object({ id: z.coerce.number().int().positive(), imageId: z.uuid() });

export default async function segmentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const { segment: service, refine } = createSegmentServices(app.deps);
  const s = { tags: ['segment'], security: [{ bearer: [] }] };

  app.get(
    '/api/v2/segment/model',
    {
      preHandler: app.authenticate,
      schema: { ...s, querystring: z.object({ dataset_id: z.coerce.number().int().positive().optional() }) },
    },
    async (req) => ({ data: await service.info(req.actor, req.query.dataset_id) }),
  );

  // A project's refined pair (training permission): state with the latest job, start, revert.
  const project = {
    ...s,
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: { 200: dataOf(projectSegmentModelSchema), 404: errorBodySchema, 409: errorBodySchema },
  };
  app.get(
    '/api/v2/projects/:id/segment-model',
    { preHandler: app.authenticate, schema: project },
    async (req) => ({
      data: await refine.status(req.actor, req.params.id, requestLocale(req)),
    }),
  );
  app.post(
    '/api/v2/projects/:id/segment-model/refine',
    {
      preHandler: app.authenticate,
      schema: { ...project, response: { ...project.response, 202: dataOf(projectSegmentModelSchema) } },
    },
    async (req, reply) =>
      reply.status(202).send({ data: await refine.start(req.actor, req.params.id, requestLocale(req)) }),
  );
  app.delete(
    '/api/v2/projects/:id/segment-model',
    { preHandler: app.authenticate, schema: project },
    async (req) => ({
      data: await refine.revert(req.actor, req.params.id, requestLocale(req)),
    }),
  );

  // Admin: replace the default pair with an uploaded SAM-compatible one (multipart: encoder, decoder,
  // optional name), or go back to the default.
  const admin = { tags: ['admin: segment model'], security: [{ bearer: [] }] };
  app.post(
    '/api/v2/segment/model',
    {
      preHandler: app.requireRole(Role.SystemAdmin),
      schema: { ...admin, consumes: ['multipart/form-data'] },
    },
    async (req, reply) => {
      const files: Record<string, Buffer> = {};
      let name = 'uploaded';
      for await (const part of req.parts({ limits: { fileSize: MODEL_FILE_MAX_BYTES, files: 2 } })) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.file.truncated || !/\.onnx$/i.test(part.filename))
            throw new AppError(SegmentErrorCode.ModelFiles, 400, {}, part.fieldname);
          if (part.fieldname === 'encoder' || part.fieldname === 'decoder') files[part.fieldname] = data;
        } else if (part.fieldname === 'name' && typeof part.value === 'string' && part.value.trim())
          name = part.value.trim().slice(0, 100);
      }
      if (!files.encoder || !files.decoder)
        throw new AppError(SegmentErrorCode.ModelFiles, 400, {}, files.encoder ? 'decoder' : 'encoder');
      const data = await service.upload(req.actor, { encoder: files.encoder, decoder: files.decoder, name });
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/api/v2/segment/model',
    { preHandler: app.requireRole(Role.SystemAdmin), schema: admin },
    async () => ({ data: await service.reset() }),
  );

  app.get(
    '/api/v2/segment/models/:modelId/decoder.onnx',
    { schema: { tags: ['segment'], params: z.object({ modelId: z.string().regex(/^[0-9a-f]{24}$/) }) } },
    async (req, reply) => {
      const obj = await service.decoderFile(req.params.modelId);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Length', obj.size)
        .send(obj.stream);
    },
  );

  app.get(
    '/api/v2/datasets/:id/images/:imageId/segment-embedding',
    { preHandler: app.authenticate, schema: { ...s, params } },
    async (req, reply) => {
      const npy = await service.embedding(req.actor, req.params.id, req.params.imageId);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Cache-Control', 'private, max-age=3600')
        .send(npy);
    },
  );

  app.get(
    '/api/v2/datasets/:id/images/:imageId/mask-file',
    {
      preHandler: app.authenticate,
      schema: { ...s, params, querystring: z.object({ key: z.string().min(1).max(512) }) },
    },
    async (req, reply) => {
      const obj = await service.maskFile(req.actor, req.params.id, req.params.imageId, req.query.key);
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'private, max-age=3600, immutable')
        .header('Content-Length', obj.size)
        .send(obj.stream);
    },
  );
}
