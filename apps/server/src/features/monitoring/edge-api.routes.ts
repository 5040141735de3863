// The edge runner's side of the inspection API (x-line-key, no user session), see MONITORING_API.md:
//   GET  /api/v2/lines/:code/deployment                     the active deployment and its model files
//   GET  /api/v2/lines/:code/deployments/:id/files/:name    one model file
//   POST /api/v2/lines/:code/results                        judgements made on the edge (multipart: per
//                                                           result a `result` JSON field, then its `image`)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  INSPECTION_BATCH_MAX,
  MonitoringErrorCode as C,
  dataOf,
  edgeDeploymentSchema,
  edgeResultSchema,
  edgeUploadedSchema,
  type EdgeResult,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import type { MonitoringServices } from './monitoring.module';

const MAX_IMAGE_BYTES = 30 * 1024 * 1024;

async function readResults(req: FastifyRequest): Promise<{ result: EdgeResult; image: Buffer }[]> {
  if (!req.isMultipart()) throw AppError.validation('image', C.ImageRequired);
  const items: { result: EdgeResult; image: Buffer }[] = [];
  let result: EdgeResult | undefined;
  const parts = req.parts({
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: INSPECTION_BATCH_MAX + 1,
      fields: INSPECTION_BATCH_MAX + 1,
      fieldSize: 1024 * 1024,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const image = await part.toBuffer().catch(() => {
        throw AppError.validation('image', C.ImageInvalid);
      });
      if (!result) throw AppError.validation('result');
      if (items.length >= INSPECTION_BATCH_MAX) throw AppError.validation('image', C.BatchTooLarge);
      items.push({ result, image });
      result = undefined;
    } else if (part.fieldname === 'result') {
      let json: unknown;
      try {
        json = JSON.parse(String(part.value));
      } catch {
        throw AppError.validation('result');
      }
      const parsed = edgeResultSchema.safeParse(json);
      if (!parsed.success) throw AppError.validation(String(parsed.error.issues[0]?.path[0] ?? 'result'));
      result = parsed.data;
    }
  }
  if (result) throw AppError.validation('image', C.ImageRequired);
  return items;
}

export async function edgeApiRoutes(app: FastifyInstance, m: MonitoringServices) {
  const line = (req: FastifyRequest) =>
    m.keys.authenticate(
      (req.params as { code: string }).code,
      req.headers['x-line-key'] as string | undefined,
    );

  app.get(
    '/api/v2/lines/:code/deployment',
    {
      schema: {
        tags: ['inspection API'],
        summary: 'The active deployment of the line and its model files (edge runner); x-line-key header',
        params: z.object({ code: z.string().min(1).max(100) }),
        response: { 200: dataOf(edgeDeploymentSchema) },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await m.edge.deployment(await line(req)) };
    },
  );

  app.get(
    '/api/v2/lines/:code/deployments/:id/files/:name',
    {
      schema: {
        tags: ['inspection API'],
        summary: 'A model file of a deployment of the line (edge runner); x-line-key header',
        params: z.object({
          code: z.string().min(1).max(100),
          id: z.coerce.number().int().positive(),
          name: z.string().min(1).max(200),
        }),
      },
    },
    async (req, reply) => {
      const { id, name } = req.params as { id: number; name: string };
      const obj = await m.edge.file(await line(req), id, name);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', obj.size)
        .send(obj.stream);
    },
  );

  app.post(
    '/api/v2/lines/:code/results',
    {
      bodyLimit: MAX_IMAGE_BYTES * 2,
      schema: {
        tags: ['inspection API'],
        summary: 'Judgements made by an edge runner (idempotent per request_id); x-line-key header',
        params: z.object({ code: z.string().min(1).max(100) }),
        response: { 200: dataOf(z.array(edgeUploadedSchema)) },
      },
    },
    async (req) => {
      const l = await line(req);
      return { data: await m.edge.upload(l, await readResults(req)) };
    },
  );
}
