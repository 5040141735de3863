// GET /api/jobs/{id}, POST /api/jobs/{id}/cancel, GET /api/jobs/{id}/events (SSE), and a role-1
// probe POST /api/jobs/probe that runs system.sleep end to end.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  dataOf,
  errorBodySchema,
  isFinishedJobStatus,
  jobViewSchema,
  uuidParamSchema,
} from '@sightline/domain';
import { mapJob } from '@sightline/jobs';
import { createJobServices } from './job.module';
import { openStream, sendOnChange, serial } from '../../common/sse';
import { sseTicketQuery, ticketToBearer } from '../../common/sse-ticket';

/** EventSource cannot send headers: the SSE route takes a single-use ?ticket= (POST /api/auth/sse-ticket). */
const tokenFromQuery = ticketToBearer;

export default async function jobRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { jobEvents } = app.deps;
  const { jobs: service, access } = createJobServices(app.deps);
  const security = [{ bearer: [] }];

  app.get(
    '/api/jobs/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['jobs'],
        security,
        params: uuidParamSchema,
        response: { 200: dataOf(jobViewSchema), 404: errorBodySchema },
      },
    },
    async (req) => ({ data: mapJob(await access.getForActor(req.params.id, req.actor)) }),
  );

  app.post(
    '/api/jobs/:id/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['jobs'],
        security,
        params: uuidParamSchema,
        response: { 200: dataOf(jobViewSchema), 404: errorBodySchema },
      },
    },
    async (req) => {
      await access.getForActor(req.params.id, req.actor);
      return { data: mapJob(await service.cancel(req.params.id)) };
    },
  );

  app.post(
    '/api/jobs/probe',
    {
      preHandler: app.requireRole(Role.SystemAdmin),
      schema: {
        tags: ['jobs'],
        security,
        body: z.object({
          ms: z.number().int().min(0).max(60_000).default(0),
          steps: z.number().int().min(1).max(100).default(1),
        }),
        response: { 200: dataOf(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      const { id } = await service.enqueue(
        { kind: 'system.sleep', payload: req.body },
        { userId: req.actor.id },
      );
      return { data: { id } };
    },
  );

  app.get(
    '/api/jobs/:id/events',
    {
      onRequest: tokenFromQuery,
      preHandler: app.authenticate,
      schema: {
        tags: ['jobs'],
        security,
        description:
          'Server-sent events: one `data:` line with the job (as GET /api/jobs/{id}) per change, until it finishes.',
        params: uuidParamSchema,
        querystring: sseTicketQuery,
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      await access.getForActor(id, req.actor);
      const stream = openStream(req, reply, () => {
        unsubscribe();
        clearInterval(poll);
      });
      const send = sendOnChange(stream, 'job');
      // A change announced while reading is read once more afterwards, so no state is skipped.
      const push = serial(async () => {
        if (stream.isClosed()) return;
        try {
          const row = await service.jobs.findById(id);
          if (!row) return stream.close();
          send(mapJob(row));
          if (isFinishedJobStatus(row.status)) stream.close();
        } catch {
          stream.close();
        }
      });
      // Notifications are the fast path; the poll covers a reconnecting LISTEN connection.
      const unsubscribe = jobEvents?.subscribe(id, () => void push()) ?? (() => undefined);
      const poll = setInterval(() => void push(), jobEvents ? 2000 : 500);
      await push();
    },
  );
}
