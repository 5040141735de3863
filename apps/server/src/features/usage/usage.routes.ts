// GET /api/usage/summary (usage status: processing counts by type, job counts and times by group),
// GET /api/usage/trend (monthly trend), GET /api/usage/jobs (resource monitoring with state=active, and the
// statistics lists). Every signed-in user may ask; the rows are scoped to what they may see.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  listOf,
  usageFilterSchema,
  usageJobListQuerySchema,
  usageJobSchema,
  usageSummarySchema,
  usageTrendMonthSchema,
  usageTrendQuerySchema,
} from '@sightline/domain';
import { createUsageServices } from './usage.module';

export default async function usageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { usage } = createUsageServices(app.deps);
  const s = { tags: ['usage'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/usage/summary',
    {
      ...auth,
      schema: { ...s, querystring: usageFilterSchema, response: { 200: dataOf(usageSummarySchema) } },
    },
    async (req) => ({ data: await usage.summary(req.actor, req.query) }),
  );
  app.get(
    '/api/usage/trend',
    {
      ...auth,
      schema: {
        ...s,
        querystring: usageTrendQuerySchema,
        response: { 200: dataOf(z.array(usageTrendMonthSchema)) },
      },
    },
    async (req) => ({ data: await usage.trend(req.actor, req.query, req.query.months) }),
  );
  app.get(
    '/api/usage/jobs',
    {
      ...auth,
      schema: { ...s, querystring: usageJobListQuerySchema, response: { 200: listOf(usageJobSchema) } },
    },
    async (req) => ({ data: await usage.jobs(req.actor, req.query) }),
  );
}
