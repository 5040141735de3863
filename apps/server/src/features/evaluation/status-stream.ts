// Server-sent `event: status` stream of one evaluation or compare: the current item on connect and on
// every change (polled once a second), closed at a terminal status. EventSource cannot send headers,
// so a single-use `?ticket=` (POST /api/auth/sse-ticket) is accepted like /api/jobs/{id}/events.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isTerminalStatus, type Actor, type Locale, type LearningStatus } from '@sightline/domain';
import { requestLocale } from '../../common/locale';
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
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let last = '';
      let done = false;
      const send = (item: { status: LearningStatus }) => {
        const body = JSON.stringify(item);
        if (body !== last) {
          last = body;
          res.write(`event: status\ndata: ${body}\n\n`);
        }
        if (isTerminalStatus(item.status)) close();
      };
      const tick = async () => {
        if (done) return;
        try {
          send(await load(req.actor, id, locale));
        } catch {
          close();
        }
      };
      const poll = setInterval(() => void tick(), POLL_MS);
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      function close() {
        if (done) return;
        done = true;
        clearInterval(poll);
        clearInterval(ping);
        res.end();
      }
      req.raw.on('close', close);
      send(first);
    },
  });
}
