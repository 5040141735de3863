// Thumbnails and originals for <img src>: a signed `t` token (from the image list) or a Bearer header.
// Private caching: the bytes of an image id never change, so the browser may keep them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalActor } from '../../../common/optional-actor';
import type { DatasetServices } from '../dataset.module';

export default async function mediaRoutes(root: FastifyInstance, opts: { services: DatasetServices }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { datasets } = opts.services;

  app.get(
    '/api/v2/images/:id/:variant',
    {
      schema: {
        tags: ['datasets'],
        params: z.object({ id: z.string().uuid(), variant: z.enum(['thumb', 'original']) }),
        querystring: z.object({ t: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const actor = req.query.t ? undefined : await optionalActor(root, req);
      const { obj, etag, type } = await datasets.openImage(req.params.id, req.params.variant, {
        token: req.query.t,
        actor,
      });
      reply
        .header('Cache-Control', 'private, max-age=3600, immutable')
        .header('ETag', etag)
        .header('Vary', 'Authorization');
      if (req.headers['if-none-match'] === etag) {
        obj.stream.destroy();
        return reply.code(304).send();
      }
      reply.header('Content-Type', type).header('Content-Length', obj.size);
      return reply.send(obj.stream);
    },
  );
}
