// Click segmentation: GET /api/v2/segment/model (the decoder the browser loads, with its sizes) and
// GET /api/v2/datasets/:id/images/:imageId/segment-embedding (the image's .npy embedding, cached), and
// GET /api/v2/datasets/:id/images/:imageId/mask-file?key= (a stored mask PNG the sg workspace draws).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SegmentService } from './segment.service';

const params = z.object({ id: z.coerce.number().int().positive(), imageId: z.uuid() });

export default async function segmentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new SegmentService(app.deps.database.db, app.deps.storage, app.deps.config.webDist);
  const s = { tags: ['segment'], security: [{ bearer: [] }] };

  app.get('/api/v2/segment/model', { preHandler: app.authenticate, schema: s }, async () => ({
    data: await service.info(),
  }));

  app.get(
    '/api/v2/datasets/:id/images/:imageId/segment-embedding',
    { preHandler: app.authenticate, schema: { ...s, params } },
    async (req, reply) => {
      const npy = await service.embedding(req.actor, req.params.id, req.params.imageId);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Cache-Control', 'private, max-age=3600')
        .send(npy);
    },
  );

  app.get(
    '/api/v2/datasets/:id/images/:imageId/mask-file',
    {
      preHandler: app.authenticate,
      schema: { ...s, params, querystring: z.object({ key: z.string().min(1).max(512) }) },
    },
    async (req, reply) => {
      const obj = await service.maskFile(req.actor, req.params.id, req.params.imageId, req.query.key);
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'private, max-age=3600, immutable')
        .header('Content-Length', obj.size)
        .send(obj.stream);
    },
  );
}
