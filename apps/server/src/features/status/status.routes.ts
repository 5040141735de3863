// GET /api/status: the live system page (/status) for the system and service admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, systemStatusSchema } from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { createStatusServices } from './status.module';

export default async function statusRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { status } = createStatusServices(app.deps);
  app.get(
    '/api/status',
    {
      preHandler: app.authenticate,
      schema: { tags: ['system'], security: [{ bearer: [] }], response: { 200: dataOf(systemStatusSchema) } },
    },
    async (req) => {
      if (req.actor.roleId > 2) throw AppError.forbidden();
      return { data: await status.status() };
    },
  );
}
