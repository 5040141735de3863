// The learning routes of TRAIN_ROUTES (packages/domain learning/routes.ts): list, model-name check,
// create, detail, SSE (one learning / a project), cancel, delete and model file download.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TRAIN_ROUTES, isTerminalStatus } from '@sightline/domain';
import { requestLocale } from '../../common/locale';
import { openStream, serial } from '../../common/sse';
import { sseTicketQuery, ticketToBearer } from '../../common/sse-ticket';
import { createLearningServices } from './learning.module';
import { toDetail, toListItem, toProgressEvent } from './learning.mapper';
import type { LearningView } from './learning.repository';

const R = TRAIN_ROUTES;
const security = [{ bearer: [] }];
const tags = ['learning'];
// EventSource cannot send headers: the SSE routes take a single-use ?ticket= (POST /api/auth/sse-ticket).
const tokenQuery = sseTicketQuery;
const tokenFromQuery = ticketToBearer;

export default async function learningRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { learnings: service, events } = createLearningServices(app.deps, app.pgEvents);

  app.get(
    R.listLearnings.path,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        querystring: R.listLearnings.query,
        response: { 200: R.listLearnings.response },
      },
    },
    async (req) => {
      const { rows, total } = await service.list(req.actor, req.query);
      const locale = requestLocale(req);
      return { data: { data: rows.map((v) => toListItem(v, locale)), total } };
    },
  );

  app.get(
    R.checkModelName.path,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        querystring: R.checkModelName.query,
        response: { 200: R.checkModelName.response },
      },
    },
    async (req) => ({ data: await service.checkName(req.actor, req.query.project_id, req.query.name) }),
  );

  app.post(
    R.createLearning.path,
    {
      preHandler: app.authenticate,
      schema: { tags, security, body: R.createLearning.body, response: { 201: R.createLearning.response } },
    },
    async (req, reply) => {
      const id = await service.create(req.actor, req.body);
      const view = await service.view(req.actor, id);
      return reply.status(201).send({ data: toDetail(view, requestLocale(req)) });
    },
  );

  // Static paths before /:id (Fastify prefers them anyway).
  app.get(
    R.projectLearningEvents.path,
    {
      onRequest: tokenFromQuery,
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          'Server-sent events: `event: status` with a LearningListItem whenever a learning of the project changes.',
        querystring: R.projectLearningEvents.query.extend(tokenQuery.shape),
      },
    },
    async (req, reply) => {
      const projectId = req.query.project_id;
      await service.requireProject(req.actor, projectId);
      const locale = requestLocale(req);
      const last = new Map<number, string>();
      const changed = new Set<number>();
      const sendIfChanged = (v: LearningView) => {
        const item = toListItem(v, locale);
        const body = JSON.stringify({
          ...item,
          timings: { ...item.timings, waiting_seconds: null, progress_seconds: null },
        });
        if (last.get(v.row.id) === body) return;
        last.set(v.row.id, body);
        stream.send('status', item);
      };
      let checkQueue = true;
      const flush = serial(async () => {
        const ids = [...changed];
        changed.clear();
        for (const id of ids) {
          const v = await service.viewUnchecked(id).catch(() => null);
          if (v === undefined && last.has(id)) {
            last.delete(id);
            stream.send('deleted', { id });
          }
          if (v && v.row.projectId === projectId) sendIfChanged(v);
        }
        // One queue for every project: a training starting or ending anywhere moves the waiting ones here.
        if (checkQueue) {
          checkQueue = false;
          for (const v of await service.waitingInProject(projectId)) sendIfChanged(v);
        }
      });
      const timers: NodeJS.Timeout[] = [];
      let off = () => undefined as void;
      const stream = openStream(req, reply, () => {
        off();
        timers.forEach(clearInterval);
      });
      const kick = () => void flush().catch(() => stream.close());
      off = events.onProject(projectId, (id) => {
        changed.add(id);
        checkQueue = true;
        kick();
      });
      timers.push(
        setInterval(() => {
          checkQueue = true;
          kick();
        }, 5000),
      );
      await events.ensureStarted();
      stream.send('ready', { project_id: projectId });
    },
  );

  app.get(
    R.getLearning.path,
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: R.getLearning.params, response: { 200: R.getLearning.response } },
    },
    async (req) => ({ data: toDetail(await service.view(req.actor, req.params.id), requestLocale(req)) }),
  );

  app.get(
    R.learningEvents.path,
    {
      onRequest: tokenFromQuery,
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          'Server-sent events: `event: progress` (LearningProgressEvent) while it trains, `event: status` (LearningListItem) on each change; closes at a terminal status.',
        params: R.learningEvents.params,
        querystring: tokenQuery,
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      await service.view(req.actor, id);
      const locale = requestLocale(req);
      let lastStatus = '';
      let lastProgress = '';
      const push = serial(async () => {
        if (stream.isClosed()) return;
        const v = await service.viewUnchecked(id).catch(() => undefined);
        if (!v) return stream.close();
        const item = toListItem(v, locale);
        const statusKey = JSON.stringify([
          item.status,
          item.progress,
          item.phase,
          item.epoch,
          item.queue_position,
          item.resumed,
          item.error,
        ]);
        if (statusKey !== lastStatus) {
          lastStatus = statusKey;
          stream.send('status', item);
        }
        const progress = toProgressEvent(v.row);
        if (progress && (v.row.status === 'running' || v.row.status === 'canceling')) {
          const key = JSON.stringify(progress);
          if (key !== lastProgress) {
            lastProgress = key;
            stream.send('progress', progress);
          }
        }
        if (isTerminalStatus(v.row.status)) stream.close();
      });
      // Notifications are the fast path; the poll covers a reconnecting LISTEN connection and queue moves.
      const timers: NodeJS.Timeout[] = [];
      let off = () => undefined as void;
      const stream = openStream(req, reply, () => {
        off();
        timers.forEach(clearInterval);
      });
      const tick = () => void push().catch(() => stream.close());
      off = events.onLearning(id, tick);
      timers.push(setInterval(tick, 2000));
      await events.ensureStarted();
      tick();
    },
  );

  app.post(
    R.cancelLearning.path,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        params: R.cancelLearning.params,
        response: { 200: R.cancelLearning.response },
      },
    },
    async (req) => {
      await service.cancel(req.actor, req.params.id);
      return { data: toDetail(await service.view(req.actor, req.params.id), requestLocale(req)) };
    },
  );

  app.delete(
    R.deleteLearning.path,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        params: R.deleteLearning.params,
        response: { 200: R.deleteLearning.response },
      },
    },
    async (req) => {
      await service.remove(req.actor, req.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    R.learningFile.path,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          'A model file of a done learning as an attachment: model.onnx + manifest.json (inference), model.pt (full package).',
        params: R.learningFile.params,
      },
    },
    async (req, reply) => {
      const { row, obj } = await service.file(req.actor, req.params.id, req.params.file);
      const fileName = `${row.name}_${req.params.file}`;
      return reply
        .header(
          'content-type',
          req.params.file.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        )
        .header('content-length', String(obj.size))
        .header(
          'content-disposition',
          `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(obj.stream);
    },
  );
}
