// Answers body/query validation failures of the tenancy routes with the schema's own error code and
// field (FIELD_REQUIRED, USERNAME_UNAVAILABLE, PARAM_RANGE_INVALID…) instead of a generic
// VALIDATION_FAILED, so forms can show the server's message next to the right field.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, TenancyErrorCode, fieldLabel, MIN_IDENTIFIER_LENGTH } from '@sightline/domain';
import { AppError } from '../../http/app-error';
import { requestLocale } from '../../http/locale';

/** One entry of fastify-type-provider-zod's validation array: the zod issue, flattened. */
interface ValidationEntry {
  message?: string;
  instancePath?: string;
  params?: { params?: Record<string, string | number> };
}

function firstEntry(
  req: FastifyRequest,
): { message: string; path: string; params: Record<string, string | number> } | null {
  const err = req.validationError as { validation?: ValidationEntry[] } | undefined;
  const first = err?.validation?.[0];
  if (!first) return null;
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return { message: first.message ?? '', path, params: first.params?.params ?? {} };
}

/**
 * Turns on attachValidation for every route of this plugin scope and appends a check after the route's
 * own preHandlers (authentication first: an anonymous or refused caller never learns schema details).
 */
export function codedValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
    const own = route.preHandler
      ? Array.isArray(route.preHandler)
        ? route.preHandler
        : [route.preHandler]
      : [];
    route.preHandler = [...own, rethrowValidation];
  });
}

async function rethrowValidation(req: FastifyRequest): Promise<void> {
  if (!req.validationError) return;
  const found = firstEntry(req);
  const message = found?.message ?? '';
  const code = ERROR_MESSAGES[message] ? message : 'VALIDATION_FAILED';
  const field = found?.path || undefined;
  const leaf = field?.split('.').pop() ?? '';
  const params: Record<string, string | number> = { min: MIN_IDENTIFIER_LENGTH, ...(found?.params ?? {}) };
  if (code === TenancyErrorCode.FieldRequired) params.label = fieldLabel(leaf, requestLocale(req));
  throw new AppError(code, 400, params, field);
}
