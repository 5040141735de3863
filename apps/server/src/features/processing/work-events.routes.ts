// GET /api/v2/processing/events?project_id&ticket= — the /train/processing list's live updates over SSE
// (instead of polling): `event: status` with the Work (as the list shows it) whenever a work of the project
// or its job changes (status, progress, message, availability), `event: deleted` {id} when one goes, and
// `event: ready` once listening. Sources: the 'processing_events' trigger on processing_works
// (migration 0540) and the 'job_events' trigger on jobs, both through the app's one LISTEN connection
// (app.pgEvents); works still running are re-read every 5 s as well, so a lost notification only slows
// the list down.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openStream, serial } from '../../common/sse';
import { sseTicketQuery, ticketToBearer } from '../../common/sse-ticket';
import { toWork } from './processing.mapper';
import type { ProcessingServices } from './processing.module';

const RECHECK_MS = 5000;

export default async function workEventRoutes(root: FastifyInstance, opts: { services: ProcessingServices }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { works } = opts.services;

  app.get(
    '/api/v2/processing/events',
    {
      onRequest: ticketToBearer,
      preHandler: app.authenticate,
      schema: {
        tags: ['processing'],
        security: [{ bearer: [] }],
        description:
          'Server-sent events: `event: status` with a Work whenever a work of the project or its job changes, `event: deleted` {id}.',
        querystring: z
          .object({ project_id: z.coerce.number().int().positive() })
          .extend(sseTicketQuery.shape),
      },
    },
    async (req, reply) => {
      const projectId = req.query.project_id;
      await works.requireProject(req.actor, projectId);
      const actorId = req.actor.id;
      const project = String(projectId);
      const last = new Map<number, string>();
      const running = new Set<number>();
      const changed = new Set<number>();
      // Job id → work id for the project's works whose job may still move.
      const jobWork = new Map<string, number>(await works.repo.liveJobs(projectId));
      const flush = serial(async () => {
        const ids = [...changed];
        changed.clear();
        for (const id of ids) {
          const v = await works.repo.view(id);
          if (!v || v.work.projectId !== projectId) {
            running.delete(id);
            if (last.delete(id)) stream.send('deleted', { id });
            continue;
          }
          if (v.work.jobId) jobWork.set(v.work.jobId, id);
          const w = toWork(v, actorId);
          if (w.status === 'waiting' || w.status === 'progressing') running.add(id);
          else running.delete(id);
          const body = JSON.stringify(w);
          if (last.get(id) === body) continue;
          last.set(id, body);
          stream.send('status', w);
        }
      });
      const kick = (id: number) => {
        changed.add(id);
        void flush().catch(() => stream.close());
      };
      const offs = [
        app.pgEvents.on('processing_events', (payload) => {
          const [id, p] = payload.split(':');
          if (p === project && id) kick(Number(id));
        }),
        app.pgEvents.on('job_events', (jobId) => {
          const id = jobWork.get(jobId);
          if (id !== undefined) kick(id);
        }),
      ];
      for (const id of jobWork.values()) running.add(id);
      const timer = setInterval(() => {
        for (const id of running) kick(id);
      }, RECHECK_MS);
      const stream = openStream(req, reply, () => {
        offs.forEach((off) => off());
        clearInterval(timer);
      });
      await app.pgEvents.ready();
      stream.send('ready', { project_id: projectId });
    },
  );
}
