// GET /api/notifications?perPage=10: the caller's latest notifications, {data:{data:[...]}} (header);
// GET /api/my/notifications?page&filter: the paged list (/my/notifications) with the unread count;
// POST /api/notifications/{id}/read, POST /api/notifications/read-all;
// GET /api/notifications/events?ticket=: server-sent events, one `notifications` event (the latest 10
// and the unread count) at start and whenever one of the caller's notifications changes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_PAGE_SIZE,
  dataOf,
  errorBodySchema,
  idParamSchema,
  notificationListSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationQuerySchema,
  notificationSchema,
} from '@sightline/domain';
import { createNotificationServices } from './notification.module';
import { NotificationEvents } from './notification-events';
import { openStream, sendOnChange, serial } from '../../common/sse';
import { sseTicketQuery, ticketToBearer } from '../../common/sse-ticket';

export default async function notificationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { notifications } = createNotificationServices(app.deps);
  const events = new NotificationEvents(app.pgEvents);
  const security = [{ bearer: [] }];
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        querystring: notificationQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (req) => ({ data: { data: await notifications.latest(req.actor, req.query.perPage) } }),
  );

  app.get(
    '/api/my/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        querystring: notificationPageQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (req) => ({ data: await notifications.page(req.actor, req.query) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 200: dataOf(notificationSchema), 404: errorBodySchema },
      },
    },
    async (req) => ({ data: await notifications.markRead(req.actor, req.params.id) }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      preHandler: app.authenticate,
      schema: { tags, security, response: { 200: dataOf(z.object({ updated: z.number().int() })) } },
    },
    async (req) => ({ data: await notifications.markAllRead(req.actor) }),
  );

  app.get(
    '/api/notifications/events',
    {
      onRequest: ticketToBearer,
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          'Server-sent events: `notifications` with {data: latest 10, unread} at start and on every change.',
        querystring: sseTicketQuery,
      },
    },
    async (req, reply) => {
      const actor = req.actor;
      let unsubscribe: () => void = () => undefined;
      const stream = openStream(req, reply, () => {
        unsubscribe();
        clearInterval(poll);
      });
      const send = sendOnChange(stream, 'notifications');
      const push = serial(async () => {
        if (stream.isClosed()) return;
        try {
          send(await notifications.page(actor, { page: 1, perPage: NOTIFICATION_PAGE_SIZE, filter: 'all' }));
        } catch {
          stream.close();
        }
      });
      // LISTEN/NOTIFY is the fast path; the slow poll covers a reconnecting LISTEN connection.
      const poll = setInterval(() => void push(), 15_000);
      unsubscribe = await events.subscribe(actor.id, () => void push());
      if (stream.isClosed()) unsubscribe();
      await push();
    },
  );
}
