// Routes open to a signed link as well as to a signed-in user (image bytes, overlays, file downloads).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '@sightline/domain';

/** The actor of a request's Bearer header when it has a valid one; undefined otherwise (never throws). */
export async function optionalActor(app: FastifyInstance, req: FastifyRequest): Promise<Actor | undefined> {
  if (!req.headers.authorization) return undefined;
  try {
    await app.authenticate.call(app, req, undefined as never);
    return req.actor;
  } catch {
    return undefined;
  }
}
