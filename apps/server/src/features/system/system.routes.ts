// GET /api/config (public: product, SSL, maintenance window) and GET /api/health.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema } from '@sightline/domain';
import { AccountGuard } from '../auth/account-guard';
import { createSystemServices } from './system.module';

export default async function systemRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, accountGuard } = app.deps;
  const { health } = createSystemServices(app.deps);

  app.get(
    '/api/config',
    { schema: { tags: ['system'], response: { 200: publicConfigSchema } } },
    async () => {
      const w = await accountGuard.maintenanceWindow();
      return {
        product_name: config.productName,
        ssl: config.ssl,
        maintenance: {
          start: w.start,
          end: w.end,
          active: AccountGuard.isActive(w),
          applies: accountGuard.appliesToProduct(),
        },
        image_base: config.imageBaseUrl,
      };
    },
  );

  // 200 even when degraded: the body says what is wrong; 503 only when the DB is unreachable.
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_req, reply) => {
      const h = await health.check();
      return reply.status(h.db.ok ? 200 : 503).send(h);
    },
  );
}
