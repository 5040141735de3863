// Server-sent `event: status` stream of one evaluation or compare: the current item on connect and on
// every change (polled once a second), closed at a terminal status. EventSource cannot send headers,
// so a single-use `?ticket=` (POST /api/auth/sse-ticket) is accepted like /api/jobs/{id}/events.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isTerminalStatus, type Actor, type Locale, type LearningStatus } from '@sightline/domain';
import { requestLocale } from '../../common/locale';
import { openStream, sendOnChange } from '../../common/sse';
import { sseTicketQuery, ticketToBearer } from '../../common/sse-ticket';

const POLL_MS = 1000;

const tokenFromQuery = ticketToBearer;

export function statusStream(
  app: FastifyInstance,
  path: string,
  tag: string,
  load: (actor: Actor, id: number, locale: Locale) => Promise<{ status: LearningStatus }>,
) {
  app.route({
    method: 'GET',
    url: path,
    onRequest: tokenFromQuery,
    preHandler: app.authenticate,
    schema: {
      tags: [tag],
      security: [{ bearer: [] }],
      params: z.object({ id: z.coerce.number().int().positive() }),
      querystring: sseTicketQuery,
    },
    handler: async (req, reply) => {
      const id = (req.params as { id: number }).id;
      const locale = requestLocale(req);
      const first = await load(req.actor, id, locale); // 404 before the stream starts
      const stream = openStream(req, reply, () => clearInterval(poll));
      const sendStatus = sendOnChange(stream, 'status');
      const send = (item: { status: LearningStatus }) => {
        sendStatus(item);
        if (isTerminalStatus(item.status)) stream.close();
      };
      const tick = async () => {
        if (stream.isClosed()) return;
        try {
          send(await load(req.actor, id, locale));
        } catch {
          stream.close();
        }
      };
      const poll = setInterval(() => void tick(), POLL_MS);
      send(first);
    },
  });
}
