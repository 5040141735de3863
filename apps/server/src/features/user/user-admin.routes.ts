// /api/admin/users and /api/my/default-project (TENANCY_API.md). Each route: schema, then one call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkAnswerSchema,
  dataOf,
  defaultProjectUpdateSchema,
  idParamSchema,
  listOf,
  listQuerySchema,
  userCreateSchema,
  userListFilterSchema,
  userRecordSchema,
  userUpdateSchema,
} from '@sightline/domain';
import { callerOf } from '../../common/access';
import { createUserServices } from './user.module';

export default async function userAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createUserServices(app.deps).admin;
  const s = { tags: ['admin: users'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };
  const one = { 200: dataOf(userRecordSchema) };

  app.get(
    '/api/admin/users',
    {
      ...auth,
      schema: {
        ...s,
        querystring: listQuerySchema.extend(userListFilterSchema.shape),
        response: { 200: listOf(userRecordSchema) },
      },
    },
    async (req) => ({ data: await service.list(callerOf(req), req.query, req.query) }),
  );
  app.get(
    '/api/admin/users/check-username',
    {
      ...auth,
      schema: {
        ...s,
        querystring: z.object({
          username: z.string().default(''),
          projectId: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: dataOf(checkAnswerSchema) },
      },
    },
    async (req) => ({
      data: await service.checkUsername(callerOf(req), req.query.username, req.query.projectId),
    }),
  );
  app.post(
    '/api/admin/users',
    { ...auth, schema: { ...s, body: userCreateSchema, response: { 201: dataOf(userRecordSchema) } } },
    async (req, reply) => reply.status(201).send({ data: await service.create(callerOf(req), req.body) }),
  );
  app.get(
    '/api/admin/users/:id',
    { ...auth, schema: { ...s, params: idParamSchema, response: one } },
    async (req) => ({
      data: await service.get(callerOf(req), req.params.id),
    }),
  );
  app.patch(
    '/api/admin/users/:id',
    { ...auth, schema: { ...s, params: idParamSchema, body: userUpdateSchema, response: one } },
    async (req) => ({
      data: await service.update(callerOf(req), req.params.id, req.body),
    }),
  );
  app.put(
    '/api/admin/users/:id/default-project',
    { ...auth, schema: { ...s, params: idParamSchema, body: defaultProjectUpdateSchema, response: one } },
    async (req) => ({
      data: await service.setDefaultProject(callerOf(req), req.params.id, req.body.projectId),
    }),
  );
  app.put(
    '/api/my/default-project',
    { ...auth, schema: { ...s, tags: ['my'], body: defaultProjectUpdateSchema, response: one } },
    async (req) => ({
      data: await service.setDefaultProject(callerOf(req), req.actor.id, req.body.projectId),
    }),
  );
}
