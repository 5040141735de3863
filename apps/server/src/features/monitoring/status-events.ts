// GET …/lines/:id/status/events: server-sent `event: status` with the line status on connect, whenever an
// inspection or deployment of the line is written by any server process (LISTEN monitoring_events, at
// most once a second) and every MONITORING_INTERVAL_MS (so the window moves on a quiet line).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MONITORING_INTERVAL_MS } from '@sightline/domain';
import { openStream, serial } from '../../common/sse';
import { sseTicketQuery, ticketToBearer } from '../../common/sse-ticket';
import type { MonitoringServices } from './monitoring.module';
import { MonitoringEvents } from './monitoring-events';

const MIN_GAP_MS = 1000;

export function statusEvents(app: FastifyInstance, path: string, m: MonitoringServices) {
  const events = new MonitoringEvents(app.pgEvents);
  app.route({
    method: 'GET',
    url: path,
    onRequest: ticketToBearer,
    preHandler: app.authenticate,
    schema: {
      tags: ['monitoring'],
      security: [{ bearer: [] }],
      params: z.object({ id: z.coerce.number().int().positive() }),
      querystring: sseTicketQuery,
    },
    handler: async (req, reply) => {
      const lineId = (req.params as { id: number }).id;
      const first = await m.reports.status(req.actor, lineId); // 404/403 before the stream starts
      await events.ensureStarted().catch(() => undefined); // without LISTEN the interval still refreshes
      let last = 0;
      let timer: NodeJS.Timeout | null = null;
      const stream = openStream(req, reply, () => {
        unsubscribe();
        clearInterval(every);
        if (timer) clearTimeout(timer);
      });
      const push = serial(async () => {
        if (stream.isClosed()) return;
        last = Date.now();
        try {
          stream.send('status', await m.reports.status(req.actor, lineId));
        } catch {
          stream.close();
        }
      });
      const changed = () => {
        if (timer) return;
        const wait = Math.max(0, last + MIN_GAP_MS - Date.now());
        timer = setTimeout(() => {
          timer = null;
          void push();
        }, wait);
      };
      const unsubscribe = events.subscribe(lineId, changed);
      const every = setInterval(() => void push(), MONITORING_INTERVAL_MS);
      last = Date.now();
      stream.send('status', first);
    },
  });
}
