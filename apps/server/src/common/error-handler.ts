// Maps every failure to {error:{code,message,field?}} with a translated message; never HTML.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, errorMessage, type ApiErrorBody } from '@sightline/domain';
import { JobNotFoundError, QueueUnavailableError } from '@sightline/jobs';
import { AppError } from './app-error';
import { codedValidationFailure } from './coded-validation';
import { requestLocale } from './locale';
import { databaseAvailability, isDatabaseUnavailable, sendDatabaseUnavailable } from './database-guard';

export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  params: Record<string, string | number> = {},
  field?: string,
) {
  const body: ApiErrorBody = { error: { code, message: errorMessage(code, requestLocale(req), params) } };
  if (field) body.error.field = field;
  return reply.status(status).type('application/json').send(body);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendError(req, reply, err.status, err.code, err.params, err.field);
    // Errors of the shared packages that have an HTTP meaning.
    if (err instanceof JobNotFoundError) return sendError(req, reply, 404, ErrorCode.NotFound, {}, 'id');
    if (err instanceof QueueUnavailableError) return sendError(req, reply, 503, ErrorCode.Internal);
    // PostgreSQL unreachable: 503 + Retry-After, logged once per outage (not per request).
    if (isDatabaseUnavailable(err)) {
      databaseAvailability(req.server.deps.database).reportDown(err);
      return sendDatabaseUnavailable(req, reply);
    }
    const invalid = codedValidationFailure(err, requestLocale(req));
    if (invalid) return sendError(req, reply, 400, invalid.code, invalid.params, invalid.field);
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return sendError(req, reply, 500, ErrorCode.Internal);
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) keep their status.
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unhandled error');
    const code =
      status === 500 ? ErrorCode.Internal : status === 429 ? ErrorCode.TooManyRequests : ErrorCode.BadRequest;
    return sendError(req, reply, status, code);
  });
}
