// /api/admin/algorithms and GET /api/algorithms (TENANCY_API.md). Each route: schema, then one call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  DESCRIPTION_MAX_BYTES,
  algorithmFilterSchema,
  algorithmInputSchema,
  algorithmRecordSchema,
  algorithmSchema,
  dataOf,
  idParamSchema,
  listOf,
  listQuerySchema,
  TenancyErrorCode,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { callerOf } from '../../common/access';
import { createAlgorithmServices } from './algorithm.module';
import { safeDisplayName } from './description-file';

export default async function algorithmRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const { algorithms: service, seed } = createAlgorithmServices(app.deps);
  await seed();
  const s = { tags: ['admin: algorithms'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };
  const one = { 200: dataOf(algorithmRecordSchema) };
  const listQuery = listQuerySchema.extend(algorithmFilterSchema.shape);

  app.get(
    '/api/admin/algorithms/engines',
    { ...auth, schema: { ...s, response: { 200: dataOf(z.array(algorithmSchema)) } } },
    async (req) => ({
      data: [...service.engines(callerOf(req))],
    }),
  );
  app.get(
    '/api/admin/algorithms',
    { ...auth, schema: { ...s, querystring: listQuery, response: { 200: listOf(algorithmRecordSchema) } } },
    async (req) => ({
      data: await service.list(callerOf(req), req.query, req.query),
    }),
  );
  app.post(
    '/api/admin/algorithms',
    {
      ...auth,
      schema: { ...s, body: algorithmInputSchema, response: { 201: dataOf(algorithmRecordSchema) } },
    },
    async (req, reply) => reply.status(201).send({ data: await service.create(callerOf(req), req.body) }),
  );
  app.get(
    '/api/admin/algorithms/:id',
    { ...auth, schema: { ...s, params: idParamSchema, response: one } },
    async (req) => ({
      data: await service.get(callerOf(req), req.params.id),
    }),
  );
  app.put(
    '/api/admin/algorithms/:id',
    { ...auth, schema: { ...s, params: idParamSchema, body: algorithmInputSchema, response: one } },
    async (req) => ({
      data: await service.update(callerOf(req), req.params.id, req.body),
    }),
  );
  app.delete(
    '/api/admin/algorithms/:id',
    {
      ...auth,
      schema: { ...s, params: idParamSchema, response: { 200: dataOf(z.object({ id: z.number() })) } },
    },
    async (req) => ({ data: await service.remove(callerOf(req), req.params.id) }),
  );

  app.put(
    '/api/admin/algorithms/:id/description',
    { ...auth, schema: { ...s, params: idParamSchema, consumes: ['multipart/form-data'], response: one } },
    async (req) => {
      const part = await req.file({ limits: { fileSize: DESCRIPTION_MAX_BYTES, files: 1 } });
      if (!part) throw AppError.validation('file', TenancyErrorCode.FieldRequired);
      const data = await part.toBuffer();
      return {
        data: await service.setDescription(callerOf(req), req.params.id, {
          name: safeDisplayName(part.filename),
          data,
        }),
      };
    },
  );
  app.delete(
    '/api/admin/algorithms/:id/description',
    { ...auth, schema: { ...s, params: idParamSchema, response: one } },
    async (req) => ({
      data: await service.removeDescription(callerOf(req), req.params.id),
    }),
  );
  app.get(
    '/api/admin/algorithms/:id/description',
    { ...auth, schema: { ...s, params: idParamSchema } },
    async (req, reply) => {
      const { object, mime, name } = await service.description(callerOf(req), req.params.id);
      return reply
        .type(mime)
        .header('content-length', object.size)
        .header('content-disposition', `inline; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(object.stream);
    },
  );

  app.get(
    '/api/algorithms',
    {
      ...auth,
      schema: {
        ...s,
        tags: ['algorithms'],
        querystring: listQuery.extend({ projectId: z.coerce.number().int().positive() }),
        response: { 200: listOf(algorithmRecordSchema) },
      },
    },
    async (req) => ({
      data: await service.listForProject(callerOf(req), req.query.projectId, req.query, req.query),
    }),
  );
}
