// Registers one entry of the domain route table (TRAIN_ROUTES) with Fastify: method, path, zod schemas
// for params / query / body and the success answer, behind authentication. The handler gets typed input.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, Locale, RouteDef } from '@sightline/domain';
import { requestLocale } from '../../common/locale';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<R extends RouteDef> {
  actor: Actor;
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  locale: Locale;
  req: FastifyRequest;
  reply: FastifyReply;
}

export function trainRoute<R extends RouteDef>(
  app: FastifyInstance,
  r: R,
  tag: string,
  handler: (input: RouteInput<R>) => Promise<unknown>,
): void {
  const status = r.status ?? 200;
  app.route({
    method: r.method,
    url: r.path,
    preHandler: app.authenticate,
    schema: {
      tags: [tag],
      security: [{ bearer: [] }],
      ...(r.params ? { params: r.params } : {}),
      ...(r.query ? { querystring: r.query } : {}),
      ...(r.body ? { body: r.body } : {}),
      ...(r.response ? { response: { [status]: r.response } } : {}),
    },
    handler: async (req, reply) => {
      const data = await handler({
        actor: req.actor,
        params: req.params as Out<R['params']>,
        query: req.query as Out<R['query']>,
        body: req.body as Out<R['body']>,
        locale: requestLocale(req),
        req,
        reply,
      });
      return reply.code(status).send(data);
    },
  });
}
