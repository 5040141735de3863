// Download requests (GET lists for the modal's two tabs, POST for a dataset) and the file itself at
// /{project code}/download/{username}/{job_id}/{file_name}, outside /api (SPEC §7 file download).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  downloadCreateSchema,
  downloadItemSchema,
  downloadListQuerySchema,
  errorBodySchema,
  listOf,
} from '@sightline/domain';
import { optionalActor } from '../../common/optional-actor';
import { createDownloadServices } from './download.module';

export default async function downloadRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createDownloadServices(app.deps).downloads;
  const s = { tags: ['downloads'], security: [{ bearer: [] }] };

  app.post(
    '/api/v2/download/request',
    {
      preHandler: app.authenticate,
      schema: {
        ...s,
        body: downloadCreateSchema,
        response: { 200: dataOf(z.object({ job_id: z.string() })), 404: errorBodySchema },
      },
    },
    async (req) => ({ data: await service.requestDataset(req.actor, req.body) }),
  );

  app.get(
    '/api/v2/download/request',
    {
      preHandler: app.authenticate,
      schema: { ...s, querystring: downloadListQuerySchema, response: { 200: listOf(downloadItemSchema) } },
    },
    async (req) => ({ data: await service.list(req.actor, 'dataset', req.query) }),
  );

  app.get(
    '/api/v2/output/download/request',
    {
      preHandler: app.authenticate,
      schema: { ...s, querystring: downloadListQuerySchema, response: { 200: listOf(downloadItemSchema) } },
    },
    async (req) => ({ data: await service.list(req.actor, 'output', req.query) }),
  );

  app.get(
    '/:code/download/:username/:jobId/:fileName',
    {
      schema: {
        tags: ['downloads'],
        params: z.object({
          code: z.string(),
          username: z.string(),
          jobId: z.string().uuid(),
          fileName: z.string(),
        }),
        querystring: z.object({ t: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const actor = await optionalActor(root, req);
      const { obj, fileName } = await service.openFile({ ...req.params, token: req.query.t, actor });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', obj.size)
        .header('Cache-Control', 'private, no-store')
        .header(
          'Content-Disposition',
          `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(obj.stream);
    },
  );
}
