// Data processing works: augmentation and AI labeling creates, the AI labeling rerun, proposal review,
// and the external labeling upload (external.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiLabelingCreateSchema,
  augmentationCreateSchema,
  errorBodySchema,
  proposalListQuerySchema,
  proposalReviewSchema,
} from '@sightline/domain';
import { ProjectAccess } from '../../../common/project-access';
import externalRoutes from './external.routes';
import { PROCESSING_DATA_ACCESS, ProcessingDataService } from './processing-data.service';

export default async function processingDataRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, queue } = app.deps;
  const service = new ProcessingDataService(
    database,
    queue,
    new ProjectAccess(database.db, PROCESSING_DATA_ACCESS),
    app.deps.media,
  );
  const s = { tags: ['processing'], security: [{ bearer: [] }] };
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const created = z.object({
    data: z.object({ id: z.number(), job_id: z.string(), result_dataset_id: z.number() }),
  });
  const workParams = z.object({ id: z.coerce.number().int().positive() });

  app.post(
    '/api/v2/processing/augmentation',
    {
      preHandler: app.authenticate,
      schema: { ...s, body: augmentationCreateSchema, response: { 201: created, ...errors } },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await service.createAugmentation(req.actor, req.body) }),
  );

  app.post(
    '/api/v2/processing/ai',
    {
      preHandler: app.authenticate,
      schema: { ...s, body: aiLabelingCreateSchema, response: { 201: created, ...errors } },
    },
    async (req, reply) => reply.code(201).send({ data: await service.createAiLabeling(req.actor, req.body) }),
  );

  app.post(
    '/api/v2/processing/:id/rerun',
    { preHandler: app.authenticate, schema: { ...s, params: workParams } },
    async (req) => ({ data: await service.rerun(req.actor, req.params.id) }),
  );

  app.get(
    '/api/v2/processing/:id/proposals',
    {
      preHandler: app.authenticate,
      schema: { ...s, params: workParams, querystring: proposalListQuerySchema },
    },
    async (req) => ({ data: await service.proposals(req.actor, req.params.id, req.query) }),
  );

  app.post(
    '/api/v2/processing/:id/proposals/:imageId',
    {
      preHandler: app.authenticate,
      schema: {
        ...s,
        params: workParams.extend({ imageId: z.string().uuid() }),
        body: proposalReviewSchema,
      },
    },
    async (req) => ({
      data: await service.review(req.actor, req.params.id, req.params.imageId, req.body.decision),
    }),
  );

  await app.register(externalRoutes);
}
