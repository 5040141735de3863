// GET /api/admin/history (TENANCY_API.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { historyFilterSchema, historyItemSchema, listOf, listQuerySchema } from '@sightline/domain';
import { createHistoryServices } from './history.module';

export default async function historyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createHistoryServices(app.deps).history;
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/history',
    {
      preHandler: app.authenticate,
      schema: {
        ...schema,
        querystring: listQuerySchema.extend(historyFilterSchema.shape),
        response: { 200: listOf(historyItemSchema) },
      },
    },
    async (req) => ({ data: await service.list(req.actor, req.query, req.query) }),
  );
}
