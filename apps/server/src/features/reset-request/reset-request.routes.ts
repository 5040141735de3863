// POST /api/auth/password-reset-request (public) and /api/admin/reset-requests (TENANCY_API.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  idParamSchema,
  listOf,
  listQuerySchema,
  resetRequestCreateSchema,
  resetRequestFilterSchema,
  resetRequestHandledSchema,
  resetRequestHandleSchema,
  resetRequestSchema,
} from '@sightline/domain';
import { callerOf } from '../../common/access';
import { createResetRequestServices } from './reset-request.module';

export default async function resetRequestRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createResetRequestServices(app.deps).resetRequests;
  const s = { tags: ['admin: reset requests'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };

  app.post(
    '/api/auth/password-reset-request',
    {
      schema: {
        tags: ['auth'],
        body: resetRequestCreateSchema,
        response: { 201: dataOf(z.object({ status: z.literal('unprocessed') })) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await service.request(req.body.username, req.ip) }),
  );
  app.get(
    '/api/admin/reset-requests',
    {
      ...auth,
      schema: {
        ...s,
        querystring: listQuerySchema.extend(resetRequestFilterSchema.shape),
        response: { 200: listOf(resetRequestSchema) },
      },
    },
    async (req) => ({ data: await service.list(callerOf(req), req.query, req.query.status) }),
  );
  app.get(
    '/api/admin/reset-requests/:id',
    { ...auth, schema: { ...s, params: idParamSchema, response: { 200: dataOf(resetRequestSchema) } } },
    async (req) => ({
      data: await service.get(callerOf(req), req.params.id),
    }),
  );
  app.post(
    '/api/admin/reset-requests/:id/handle',
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        body: resetRequestHandleSchema,
        response: { 200: dataOf(resetRequestHandledSchema) },
      },
    },
    async (req) => ({ data: await service.handle(callerOf(req), req.params.id, req.body.action) }),
  );
}
