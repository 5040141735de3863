// GET /api/notifications?perPage=10: the caller's latest notifications, {data:{data:[...]}}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationListSchema, notificationQuerySchema } from '@sightline/domain';
import { createNotificationServices } from './notification.module';

export default async function notificationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { notifications } = createNotificationServices(app.deps);
  app.get(
    '/api/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        security: [{ bearer: [] }],
        querystring: notificationQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (req) => ({ data: { data: await notifications.latest(req.actor, req.query.perPage) } }),
  );
}
