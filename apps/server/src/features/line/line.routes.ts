// /api/admin/projects/:id/lines (TENANCY_API.md). Each route: schema, then one service call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkAnswerSchema,
  dataOf,
  idParamSchema,
  lineInputSchema,
  lineRecordSchema,
  listOf,
  listQuerySchema,
} from '@sightline/domain';
import { callerOf } from '../../common/access';
import { createLineServices } from './line.module';

export default async function lineRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createLineServices(app.deps).lines;
  const s = { tags: ['admin: lines'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };
  const lineParams = idParamSchema.extend({ lineId: z.coerce.number().int().positive() });
  const base = '/api/admin/projects/:id/lines';

  app.get(
    base,
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        querystring: listQuerySchema,
        response: { 200: listOf(lineRecordSchema) },
      },
    },
    async (req) => ({
      data: await service.list(callerOf(req), req.params.id, req.query),
    }),
  );
  app.get(
    `${base}/check-code`,
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        querystring: z.object({ code: z.string().default('') }),
        response: { 200: dataOf(checkAnswerSchema) },
      },
    },
    async (req) => ({ data: await service.checkCode(callerOf(req), req.params.id, req.query.code) }),
  );
  app.post(
    base,
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        body: lineInputSchema,
        response: { 201: dataOf(lineRecordSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await service.create(callerOf(req), req.params.id, req.body) }),
  );
  app.patch(
    `${base}/:lineId`,
    {
      ...auth,
      schema: {
        ...s,
        params: lineParams,
        body: lineInputSchema,
        response: { 200: dataOf(lineRecordSchema) },
      },
    },
    async (req) => ({
      data: await service.update(callerOf(req), req.params.id, req.params.lineId, req.body),
    }),
  );
  app.delete(
    `${base}/:lineId`,
    {
      ...auth,
      schema: { ...s, params: lineParams, response: { 200: dataOf(z.object({ id: z.number() })) } },
    },
    async (req) => ({ data: await service.remove(callerOf(req), req.params.id, req.params.lineId) }),
  );
}
