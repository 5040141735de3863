// Request validation failures of every route, answered with the schema's own error code and field.
// Schemas may use an error code as the zod message (FIELD_REQUIRED, PARAM_RANGE_INVALID…) so a form
// shows the server's text next to the right field; any other message answers VALIDATION_FAILED.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, ErrorCode, TenancyErrorCode, fieldLabel, type Locale } from '@sightline/domain';

export interface CodedValidationFailure {
  code: string;
  params: Record<string, string | number>;
  field?: string;
}

/** Code, message params and dotted field ("lines.0.code") of the first failing zod issue, or null. */
export function codedValidationFailure(err: FastifyError, locale: Locale): CodedValidationFailure | null {
  if (!hasZodFastifySchemaValidationErrors(err)) return null;
  const first = err.validation[0];
  const issue = first?.params as { issue?: { path?: unknown[] }; params?: Record<string, string | number> };
  const field =
    first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || issue?.issue?.path?.join('.') || undefined;
  const message = first?.message ?? '';
  const code = ERROR_MESSAGES[message] ? message : ErrorCode.ValidationFailed;
  // Custom issues carry their message params (e.g. {min}); FIELD_REQUIRED names the field's label.
  const params: Record<string, string | number> = { ...(issue?.params ?? {}) };
  if (code === TenancyErrorCode.FieldRequired) {
    params.label = fieldLabel(field?.split('.').pop() ?? '', locale);
  }
  return { code, params, field };
}

/**
 * Defers validation failures of every route registered after this call to the end of the route's own
 * preHandlers: authentication and role checks answer first, so an anonymous or refused caller never
 * learns schema details. The error handler then formats the failure with codedValidationFailure.
 */
export function codedValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...own, rethrowValidation];
  });
}

async function rethrowValidation(req: FastifyRequest): Promise<void> {
  if (req.validationError) throw req.validationError;
}
