// GET /api/admin/dashboard (TENANCY_API.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema, dataOf } from '@sightline/domain';
import { callerOf } from '../../common/access';
import { createDashboardServices } from './dashboard.module';

export default async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createDashboardServices(app.deps).dashboard;

  app.get(
    '/api/admin/dashboard',
    {
      preHandler: app.authenticate,
      schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: dataOf(dashboardSchema) } },
    },
    async (req) => ({ data: await service.get(callerOf(req)) }),
  );
}
