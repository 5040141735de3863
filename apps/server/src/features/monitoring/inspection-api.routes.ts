// The live inspection API a line camera or PLC gateway posts to (no user session: the line's API key in
// `x-line-key`). POST /api/v2/lines/:code/inspect with either
//   multipart/form-data: `serial` then `image` per image (up to INSPECTION_BATCH_MAX; optional
//   `request_id` per image, before its image), or
//   a raw image body (image/jpeg, image/png, …) with `?serial=` (and optional `?request_id=`).
// Answers {data: [judgement …]} synchronously (one entry per image, in order).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  INSPECTION_BATCH_MAX,
  MonitoringErrorCode as C,
  dataOf,
  inspectionResultSchema,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { createMonitoringServices } from './monitoring.module';
import type { InspectItem } from './inspection.service';
import { edgeApiRoutes } from './edge-api.routes';

const MAX_IMAGE_BYTES = 30 * 1024 * 1024;

async function readItems(req: FastifyRequest): Promise<InspectItem[]> {
  const q = req.query as { serial?: string; request_id?: string };
  if (!req.isMultipart()) {
    const body = req.body;
    if (!Buffer.isBuffer(body) || !body.length) throw AppError.validation('image', C.ImageRequired);
    return [
      {
        serial: q.serial ?? (req.headers['x-serial-number'] as string | undefined),
        image: body,
        requestId: q.request_id,
      },
    ];
  }
  const items: InspectItem[] = [];
  let serial: string | undefined;
  let requestId: string | undefined;
  const parts = req.parts({
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: INSPECTION_BATCH_MAX + 1,
      fields: 3 * INSPECTION_BATCH_MAX + 3,
      fieldSize: 200,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const image = await part.toBuffer().catch(() => {
        throw AppError.validation('image', C.ImageInvalid);
      });
      if (items.length >= INSPECTION_BATCH_MAX) throw AppError.validation('image', C.BatchTooLarge);
      items.push({ serial: serial ?? q.serial, image, requestId });
      serial = undefined;
      requestId = undefined;
    } else if (part.fieldname === 'serial' || part.fieldname === 'serial_number') {
      serial = String(part.value);
    } else if (part.fieldname === 'request_id') {
      requestId = String(part.value).slice(0, 100);
    }
  }
  if (serial !== undefined && items.length) throw AppError.validation('serial', C.SerialCountMismatch);
  return items;
}

export default async function inspectionApiRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  app.addContentTypeParser(
    [
      'image/jpeg',
      'image/png',
      'image/bmp',
      'image/tiff',
      'image/webp',
      'image/gif',
      'application/octet-stream',
    ],
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
    (_req, body, done) => done(null, body),
  );
  const m = createMonitoringServices(app.deps);

  app.post(
    '/api/v2/lines/:code/inspect',
    {
      bodyLimit: MAX_IMAGE_BYTES * 2,
      schema: {
        tags: ['inspection API'],
        summary: 'Judge one image (or a small batch) of a line; x-line-key header',
        params: z.object({ code: z.string().min(1).max(100) }),
        querystring: z.object({ serial: z.string().optional(), request_id: z.string().max(100).optional() }),
        response: { 200: dataOf(z.array(inspectionResultSchema)) },
      },
    },
    async (req) => {
      const started = performance.now();
      const { code } = req.params as { code: string };
      const line = await m.keys.authenticate(code, req.headers['x-line-key'] as string | undefined);
      const items = await readItems(req);
      return { data: await m.inspections.inspect(line, items, started) };
    },
  );

  await edgeApiRoutes(app, m);
}
