// POST /api/auth/login, /api/refresh-token, /api/auth/logout (SPEC §7).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, loginRequestSchema, tokenResponseSchema } from '@sightline/domain';
import type { IssuedSession } from './auth.service';
import { createAuthServices } from './auth.module';
import { issueSseTicket } from '../../common/sse-ticket';
import { requestLocale } from '../../common/locale';

export const REFRESH_COOKIE = 'refresh_token';

export default async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, tokens } = app.deps;
  const service = createAuthServices(app.deps).auth;

  const setCookie = (reply: FastifyReply, s: Pick<IssuedSession, 'refreshToken' | 'refreshExpiresAt'>) =>
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.ssl,
      path: '/api',
      expires: s.refreshExpiresAt,
    });
  const errors = { 401: errorBodySchema, 423: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };

  app.post(
    '/api/auth/login',
    {
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: tokenResponseSchema, ...errors } },
    },
    async (req, reply) => {
      const s = await service.login(req.body.username, req.body.password, req.ip);
      setCookie(reply, s);
      return { token: s.token, expiresIn: s.expiresIn };
    },
  );

  app.post(
    '/api/refresh-token',
    { schema: { tags: ['auth'], response: { 200: tokenResponseSchema, ...errors } } },
    async (req, reply) => {
      const s = await service.refresh(req.cookies[REFRESH_COOKIE]);
      if (s.refreshToken) setCookie(reply, s);
      return { token: s.token, expiresIn: s.expiresIn };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: z.object({ data: z.object({ ok: z.boolean() }) }) } } },
    async (req, reply) => {
      // The bearer token's session ends too (a client without the cookie, e.g. the CLI).
      const auth = req.headers.authorization;
      const claims = auth?.toLowerCase().startsWith('bearer ')
        ? await tokens.verifyAccess(auth.slice(7).trim())
        : null;
      await service.logout(req.cookies[REFRESH_COOKIE], claims?.sid);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
      return { data: { ok: true } };
    },
  );

  // A single-use ticket for one EventSource connection (`?ticket=` on the SSE routes), so the access
  // token never travels in a URL.
  app.post(
    '/api/auth/sse-ticket',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: { 200: z.object({ data: z.object({ ticket: z.string(), expiresIn: z.number() }) }) },
      },
    },
    async (req) => ({ data: issueSseTicket(req.headers.authorization!.slice(7).trim(), requestLocale(req)) }),
  );
}
