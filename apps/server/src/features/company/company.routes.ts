// /api/admin/companies (TENANCY_API.md). Each route: schema, then one service call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkAnswerSchema,
  companyInputSchema,
  companyRecordSchema,
  dataOf,
  idParamSchema,
  listOf,
  listQuerySchema,
} from '@sightline/domain';
import { callerOf } from '../../common/access';
import { createCompanyServices } from './company.module';

export default async function companyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createCompanyServices(app.deps).companies;
  const s = { tags: ['admin: companies'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/admin/companies',
    {
      ...auth,
      schema: { ...s, querystring: listQuerySchema, response: { 200: listOf(companyRecordSchema) } },
    },
    async (req) => ({
      data: await service.list(callerOf(req), req.query),
    }),
  );
  app.get(
    '/api/admin/companies/check-name',
    {
      ...auth,
      schema: {
        ...s,
        querystring: z.object({ name: z.string().default('') }),
        response: { 200: dataOf(checkAnswerSchema) },
      },
    },
    async (req) => ({ data: await service.checkName(callerOf(req), req.query.name) }),
  );
  app.post(
    '/api/admin/companies',
    { ...auth, schema: { ...s, body: companyInputSchema, response: { 201: dataOf(companyRecordSchema) } } },
    async (req, reply) => reply.status(201).send({ data: await service.create(callerOf(req), req.body) }),
  );
  app.get(
    '/api/admin/companies/:id',
    { ...auth, schema: { ...s, params: idParamSchema, response: { 200: dataOf(companyRecordSchema) } } },
    async (req) => ({
      data: await service.get(callerOf(req), req.params.id),
    }),
  );
  app.patch(
    '/api/admin/companies/:id',
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        body: companyInputSchema,
        response: { 200: dataOf(companyRecordSchema) },
      },
    },
    async (req) => ({ data: await service.rename(callerOf(req), req.params.id, req.body) }),
  );
}
