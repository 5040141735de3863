// GET /api/user/information, POST /api/user/change-password, POST /api/user/password-alarm/snooze.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  dataOf,
  errorBodySchema,
  userInformationSchema,
} from '@sightline/domain';
import { createUserServices } from './user.module';
import { REFRESH_COOKIE } from '../auth/auth.routes';

export default async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createUserServices(app.deps).users;
  const security = [{ bearer: [] }];

  app.get(
    '/api/user/information',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        security,
        response: { 200: dataOf(userInformationSchema), 401: errorBodySchema },
      },
    },
    async (req) => ({ data: await service.information(req.authUser, req.actor) }),
  );

  app.post(
    '/api/user/change-password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        security,
        body: changePasswordRequestSchema,
        response: { 200: dataOf(z.object({ ok: z.boolean() })), 400: errorBodySchema },
      },
    },
    async (req) => {
      await service.changePassword(req.authUser, req.body, req.cookies[REFRESH_COOKIE]);
      return { data: { ok: true } };
    },
  );

  app.post(
    '/api/user/password-alarm/snooze',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        security,
        response: { 200: dataOf(z.object({ snoozed_until: z.string() })) },
      },
    },
    async (req) => ({
      data: { snoozed_until: (await service.snoozePasswordAlarm(req.authUser)).toISOString() },
    }),
  );
}
