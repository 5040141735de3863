// GET /api/admin/dashboard (TENANCY_API.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema, dataOf } from '@sightline/domain';
import { HistoryRepository } from '../history/history.repository';
import { callerOf } from '../tenancy/access';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

export default async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const service = new DashboardService(new DashboardRepository(db), new HistoryRepository(db));

  app.get(
    '/api/admin/dashboard',
    {
      preHandler: app.authenticate,
      schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: dataOf(dashboardSchema) } },
    },
    async (req) => ({ data: await service.get(callerOf(req)) }),
  );
}
