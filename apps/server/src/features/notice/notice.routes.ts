// Public notices: GET /api/notices, GET /api/notices/{id}, GET /api/notices/{id}/attachments/{attachmentId}
// (no login needed; a signed-in caller also sees the notices of their company and department).
// Management (roles 1 and 2): POST/PUT/DELETE /api/admin/notices[/{id}], attachments as multipart.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  NOTICE_LIMITS,
  NoticeErrorCode,
  dataOf,
  errorBodySchema,
  idParamSchema,
  listOf,
  noticeAttachmentParamsSchema,
  noticeAttachmentSchema,
  noticeDetailSchema,
  noticeInputSchema,
  noticeListItemSchema,
  noticeListQuerySchema,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { optionalActor } from '../../common/optional-actor';
import { createNoticeServices } from './notice.module';

export default async function noticeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const { notices } = createNoticeServices(app.deps);
  const pub = { tags: ['notices'] };
  const admin = { tags: ['admin: notices'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };
  const one = { 200: dataOf(noticeDetailSchema), 404: errorBodySchema };

  app.get(
    '/api/notices',
    {
      schema: { ...pub, querystring: noticeListQuerySchema, response: { 200: listOf(noticeListItemSchema) } },
    },
    async (req) => ({ data: await notices.list(await optionalActor(app, req), req.query) }),
  );
  app.get('/api/notices/:id', { schema: { ...pub, params: idParamSchema, response: one } }, async (req) => ({
    data: await notices.get(await optionalActor(app, req), req.params.id),
  }));
  app.get(
    '/api/notices/:id/attachments/:attachmentId',
    { schema: { ...pub, params: noticeAttachmentParamsSchema } },
    async (req, reply) => {
      const { object, name, type } = await notices.attachment(
        await optionalActor(app, req),
        req.params.id,
        req.params.attachmentId,
      );
      const inline = type === 'application/pdf' || type.startsWith('image/');
      return reply
        .type(type)
        .header('content-length', object.size)
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(object.stream);
    },
  );

  app.get(
    '/api/admin/notices',
    {
      ...auth,
      schema: {
        ...admin,
        querystring: noticeListQuerySchema,
        response: { 200: listOf(noticeListItemSchema) },
      },
    },
    async (req) => {
      if (req.actor.roleId > 2) throw AppError.forbidden();
      return { data: await notices.list(req.actor, req.query) };
    },
  );
  app.post(
    '/api/admin/notices',
    {
      ...auth,
      schema: { ...admin, body: noticeInputSchema, response: { 201: dataOf(noticeDetailSchema) } },
    },
    async (req, reply) => reply.status(201).send({ data: await notices.create(req.actor, req.body) }),
  );
  app.put(
    '/api/admin/notices/:id',
    { ...auth, schema: { ...admin, params: idParamSchema, body: noticeInputSchema, response: one } },
    async (req) => ({ data: await notices.update(req.actor, req.params.id, req.body) }),
  );
  app.delete(
    '/api/admin/notices/:id',
    {
      ...auth,
      schema: { ...admin, params: idParamSchema, response: { 200: dataOf(z.object({ id: z.number() })) } },
    },
    async (req) => ({ data: await notices.remove(req.actor, req.params.id) }),
  );
  app.post(
    '/api/admin/notices/:id/attachments',
    {
      ...auth,
      schema: {
        ...admin,
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(noticeAttachmentSchema) },
      },
    },
    async (req, reply) => {
      const part = await req.file({ limits: { fileSize: NOTICE_LIMITS.attachmentMaxBytes, files: 1 } });
      if (!part) throw AppError.validation('file', NoticeErrorCode.FileRequired);
      const data = await part.toBuffer();
      if (part.file.truncated) throw AppError.validation('file', NoticeErrorCode.FileTooLarge);
      const att = await notices.addAttachment(req.actor, req.params.id, { name: part.filename, data });
      return reply.status(201).send({ data: att });
    },
  );
  app.delete(
    '/api/admin/notices/:id/attachments/:attachmentId',
    {
      ...auth,
      schema: {
        ...admin,
        params: noticeAttachmentParamsSchema,
        response: { 200: dataOf(z.object({ id: z.string() })) },
      },
    },
    async (req) => ({
      data: await notices.removeAttachment(req.actor, req.params.id, req.params.attachmentId),
    }),
  );
}
