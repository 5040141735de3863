// GET/PUT one image's annotation document (README.md), with its optimistic revision.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  annotationParamsSchema,
  annotationPutSchema,
  annotationViewSchema,
  dataOf,
  errorBodySchema,
} from '@sightline/domain';
import type { ProcessingServices } from './processing.module';

export default async function annotationRoutes(
  root: FastifyInstance,
  opts: { services: ProcessingServices },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { annotations } = opts.services;
  const s = { tags: ['annotations'], security: [{ bearer: [] }] };
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const path = '/api/v2/datasets/:id/images/:imageId/annotation';

  app.get(
    path,
    {
      preHandler: app.authenticate,
      schema: {
        ...s,
        params: annotationParamsSchema,
        response: { 200: dataOf(annotationViewSchema), ...errors },
      },
    },
    async (req) => ({ data: await annotations.get(req.actor, req.params.id, req.params.imageId) }),
  );

  app.put(
    path,
    {
      preHandler: app.authenticate,
      // Up to 5,000 objects, inline (rle) masks among them: above Fastify's default 1 MiB.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        ...s,
        params: annotationParamsSchema,
        body: annotationPutSchema,
        response: { 200: dataOf(annotationViewSchema), ...errors },
      },
    },
    async (req) => ({ data: await annotations.put(req.actor, req.params.id, req.params.imageId, req.body) }),
  );
}
