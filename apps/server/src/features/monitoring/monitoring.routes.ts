// /api/v2/monitoring/*: deployments and model history, line API keys, line status (+ SSE), inspection
// report search and CSV, inspection images, line report (+ CSV), verification. Each route: schema, then
// one service call. The camera-facing inspection API is in inspection-api.routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  deployCreateSchema,
  deploymentSchema,
  idParamSchema,
  inspectionDetailSchema,
  inspectionRowSchema,
  inspectionSearchSchema,
  lineKeyCreatedSchema,
  lineKeySchema,
  lineQualitySchema,
  lineReportQuerySchema,
  lineReportSchema,
  lineStatusSchema,
  listOf,
  verificationOptionSchema,
  verifyInputSchema,
} from '@sightline/domain';
import { callerOf } from '../../common/access';
import { optionalActor } from '../../common/optional-actor';
import { createMonitoringServices } from './monitoring.module';
import { statusEvents } from './status-events';
import { requireProjectAccess } from '../../common/project-access';

export default async function monitoringRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const m = createMonitoringServices(app.deps);
  app.addHook('onClose', () => m.close());
  const s = { tags: ['monitoring'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };
  const B = '/api/v2/monitoring';
  const lineParams = idParamSchema;
  const uuidParams = z.object({ id: z.uuid() });

  // ---- models, deployments, model history ----
  app.get(
    `${B}/models`,
    {
      ...auth,
      schema: {
        ...s,
        querystring: z.object({ project_id: z.coerce.number().int().positive() }),
        response: {
          200: dataOf(
            z.array(
              z.object({
                id: z.number(),
                name: z.string(),
                task: z.string(),
                algorithm: z.string(),
                metrics: z.record(z.string(), z.number()),
                finished_at: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => {
      await requireProjectAccess(
        app.deps.database.db,
        req.actor,
        req.query.project_id,
        'project.monitor',
        'project_id',
      );
      const rows = await m.repo.deployableModels(req.query.project_id);
      return {
        data: rows.map((r) => ({
          ...r,
          finished_at: r.finishedAt?.toISOString() ?? null,
          finishedAt: undefined,
        })),
      };
    },
  );
  app.get(
    `${B}/lines/:id/deployments`,
    { ...auth, schema: { ...s, params: lineParams, response: { 200: dataOf(z.array(deploymentSchema)) } } },
    async (req) => ({ data: await m.deployments.history(req.actor, req.params.id) }),
  );
  app.get(
    `${B}/lines/:id/deployment`,
    { ...auth, schema: { ...s, params: lineParams, response: { 200: dataOf(deploymentSchema.nullable()) } } },
    async (req) => ({ data: await m.deployments.active(req.actor, req.params.id) }),
  );
  app.post(
    `${B}/deployments`,
    { ...auth, schema: { ...s, body: deployCreateSchema, response: { 201: dataOf(deploymentSchema) } } },
    async (req, reply) =>
      reply.status(201).send({ data: await m.deployments.deploy(callerOf(req), req.body) }),
  );
  app.get(
    `${B}/deployments/:id`,
    { ...auth, schema: { ...s, params: idParamSchema, response: { 200: dataOf(deploymentSchema) } } },
    async (req) => ({ data: await m.deployments.detail(req.actor, req.params.id) }),
  );
  app.post(
    `${B}/lines/:id/rollback`,
    { ...auth, schema: { ...s, params: lineParams, response: { 200: dataOf(deploymentSchema) } } },
    async (req) => ({ data: await m.deployments.rollback(callerOf(req), req.params.id) }),
  );

  // ---- line API keys ----
  app.get(
    `${B}/lines/:id/keys`,
    { ...auth, schema: { ...s, params: lineParams, response: { 200: dataOf(z.array(lineKeySchema)) } } },
    async (req) => ({ data: await m.keys.list(req.actor, req.params.id) }),
  );
  app.post(
    `${B}/lines/:id/keys`,
    {
      ...auth,
      schema: {
        ...s,
        params: lineParams,
        body: z.object({ name: z.string().trim().min(1, 'FIELD_REQUIRED').max(60) }),
        response: { 201: dataOf(lineKeyCreatedSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await m.keys.create(req.actor, req.params.id, req.body.name) }),
  );
  app.delete(
    `${B}/keys/:id`,
    { ...auth, schema: { ...s, params: idParamSchema, response: { 200: dataOf(lineKeySchema) } } },
    async (req) => ({ data: await m.keys.revoke(req.actor, req.params.id) }),
  );

  // ---- line status ----
  app.get(
    `${B}/lines/:id/status`,
    { ...auth, schema: { ...s, params: lineParams, response: { 200: dataOf(lineStatusSchema) } } },
    async (req) => ({ data: await m.reports.status(req.actor, req.params.id) }),
  );
  statusEvents(app, `${B}/lines/:id/status/events`, m);

  // ---- inspection report ----
  app.get(
    `${B}/inspections`,
    {
      ...auth,
      schema: { ...s, querystring: inspectionSearchSchema, response: { 200: listOf(inspectionRowSchema) } },
    },
    async (req) => ({ data: await m.inspections.search(req.actor, req.query) }),
  );
  app.get(
    `${B}/inspections.csv`,
    { ...auth, schema: { ...s, querystring: inspectionSearchSchema } },
    async (req, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="inspection-report.csv"')
        .send(await m.inspections.csv(req.actor, req.query)),
  );
  app.get(
    `${B}/inspections/:id`,
    { ...auth, schema: { ...s, params: uuidParams, response: { 200: dataOf(inspectionDetailSchema) } } },
    async (req) => ({ data: await m.inspections.detail(req.actor, req.params.id) }),
  );
  app.get(
    `${B}/inspections/:id/:kind`,
    {
      schema: {
        tags: ['monitoring'],
        params: uuidParams.extend({ kind: z.enum(['original', 'prediction']) }),
        querystring: z.object({ t: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const actor = req.query.t ? undefined : await optionalActor(root, req);
      const obj = await m.inspections.openImage(req.params.id, req.params.kind, {
        token: req.query.t,
        actor,
      });
      return reply
        .header(
          'Content-Type',
          obj.contentType ?? (req.params.kind === 'prediction' ? 'image/jpeg' : 'application/octet-stream'),
        )
        .header('Content-Length', obj.size)
        .header('Cache-Control', 'private, max-age=3600')
        .send(obj.stream);
    },
  );

  // ---- line report ----
  app.get(
    `${B}/line-report`,
    {
      ...auth,
      schema: { ...s, querystring: lineReportQuerySchema, response: { 200: dataOf(lineReportSchema) } },
    },
    async (req) => ({ data: await m.reports.lineReport(req.actor, req.query) }),
  );
  app.get(
    `${B}/line-report.csv`,
    { ...auth, schema: { ...s, querystring: lineReportQuerySchema } },
    async (req, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="line-report.csv"')
        .send(await m.reports.lineReportCsv(req.actor, req.query)),
  );

  // ---- verification ----
  app.get(
    `${B}/lines/:id/verification-option`,
    { ...auth, schema: { ...s, params: lineParams, response: { 200: dataOf(verificationOptionSchema) } } },
    async (req) => ({ data: await m.verification.option(req.actor, req.params.id) }),
  );
  app.put(
    `${B}/lines/:id/verification-option`,
    {
      ...auth,
      schema: {
        ...s,
        params: lineParams,
        body: verificationOptionSchema,
        response: { 200: dataOf(verificationOptionSchema) },
      },
    },
    async (req) => ({ data: await m.verification.saveOption(req.actor, req.params.id, req.body) }),
  );
  app.post(
    `${B}/lines/:id/sample`,
    {
      ...auth,
      schema: {
        ...s,
        params: lineParams,
        body: z.object({ ids: z.array(z.uuid()).max(1000).optional() }).optional(),
        response: { 200: dataOf(z.object({ sampled: z.number() })) },
      },
    },
    async (req) => ({
      data: req.body?.ids?.length
        ? await m.verification.addSamples(req.actor, req.params.id, req.body.ids)
        : await m.verification.sampleNow(req.actor, req.params.id),
    }),
  );
  app.get(
    `${B}/samples`,
    {
      ...auth,
      schema: { ...s, querystring: inspectionSearchSchema, response: { 200: listOf(inspectionRowSchema) } },
    },
    async (req) => ({ data: await m.inspections.search(req.actor, req.query, true) }),
  );
  app.post(
    `${B}/inspections/:id/verify`,
    {
      ...auth,
      schema: {
        ...s,
        params: uuidParams,
        body: verifyInputSchema,
        response: {
          200: dataOf(
            z.object({
              id: z.string(),
              verified_judgement: z.enum(['OK', 'NG']),
              verified_class: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (req) => ({ data: await m.verification.verify(req.actor, req.params.id, req.body) }),
  );
  app.post(
    `${B}/lines/:id/corrections-dataset`,
    {
      ...auth,
      schema: {
        ...s,
        params: lineParams,
        response: { 201: dataOf(z.object({ dataset_id: z.number(), name: z.string(), images: z.number() })) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await m.relearning.correctionsDataset(req.actor, req.params.id) }),
  );
  app.get(
    `${B}/lines/:id/drift`,
    {
      ...auth,
      schema: {
        ...s,
        params: lineParams,
        response: {
          200: dataOf(
            z.object({
              deployment_id: z.number().nullable(),
              reference_count: z.number(),
              current_count: z.number(),
              psi: z.record(z.string(), z.number()),
              threshold: z.number(),
              drifted: z.boolean(),
              alerted: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => ({ data: await m.verification.drift(req.actor, req.params.id) }),
  );
  app.get(
    `${B}/lines/:id/quality`,
    { ...auth, schema: { ...s, params: lineParams, response: { 200: dataOf(lineQualitySchema) } } },
    async (req) => ({ data: await m.verification.quality(req.actor, req.params.id) }),
  );
}
