// /api/admin/projects (TENANCY_API.md). Each route: schema, then one service call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkAnswerSchema,
  dataOf,
  idParamSchema,
  listOf,
  listQuerySchema,
  projectCreateSchema,
  projectRecordSchema,
  projectUpdateSchema,
} from '@sightline/domain';
import { callerOf } from '../../common/access';
import { createProjectServices } from './project.module';

export default async function projectAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createProjectServices(app.deps).admin;
  const s = { tags: ['admin: projects'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };
  const listQuery = listQuerySchema.extend({
    companyId: z.coerce.number().int().positive().optional(),
    mine: z.enum(['true', 'false', '1', '0']).optional(),
  });

  app.get(
    '/api/admin/projects',
    { ...auth, schema: { ...s, querystring: listQuery, response: { 200: listOf(projectRecordSchema) } } },
    async (req) => ({
      data: await service.list(
        callerOf(req),
        req.query,
        req.query.companyId,
        req.query.mine === 'true' || req.query.mine === '1',
      ),
    }),
  );
  app.get(
    '/api/admin/projects/check-code',
    {
      ...auth,
      schema: {
        ...s,
        querystring: z.object({ code: z.string().default('') }),
        response: { 200: dataOf(checkAnswerSchema) },
      },
    },
    async (req) => ({ data: await service.checkCode(callerOf(req), req.query.code) }),
  );
  app.post(
    '/api/admin/projects',
    { ...auth, schema: { ...s, body: projectCreateSchema, response: { 201: dataOf(projectRecordSchema) } } },
    async (req, reply) => reply.status(201).send({ data: await service.create(callerOf(req), req.body) }),
  );
  app.get(
    '/api/admin/projects/:id',
    { ...auth, schema: { ...s, params: idParamSchema, response: { 200: dataOf(projectRecordSchema) } } },
    async (req) => ({
      data: await service.get(callerOf(req), req.params.id),
    }),
  );
  app.patch(
    '/api/admin/projects/:id',
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        body: projectUpdateSchema,
        response: { 200: dataOf(projectRecordSchema) },
      },
    },
    async (req) => ({ data: await service.update(callerOf(req), req.params.id, req.body) }),
  );
}
