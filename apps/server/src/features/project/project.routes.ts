// GET /api/projects and GET /api/v2/project-limit/{id}/get (SPEC §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  errorBodySchema,
  idParamSchema,
  projectLimitSchema,
  userProjectSchema,
} from '@sightline/domain';
import { createProjectServices } from './project.module';

export default async function projectRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createProjectServices(app.deps).projects;
  const security = [{ bearer: [] }];

  app.get(
    '/api/projects',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['projects'],
        security,
        response: { 200: dataOf(z.array(userProjectSchema)), 401: errorBodySchema },
      },
    },
    async (req) => ({ data: await service.listVisible(req.actor) }),
  );

  app.get(
    '/api/v2/project-limit/:id/get',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['projects'],
        security,
        params: idParamSchema,
        response: { 200: projectLimitSchema, 404: errorBodySchema },
      },
    },
    async (req) => {
      const limit = await service.limit(req.actor, req.params.id);
      // No end date: an empty object, "absent data means no limit" (SPEC §7).
      return limit ? { data: limit } : ({} as Record<string, never>);
    },
  );
}
