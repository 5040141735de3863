// Turns a zod error from the tenancy schemas into the `{code, field, params}` the API answers with.
// Schema messages are error codes, so the first issue names both the text and the form field.
import type { z } from 'zod';
import { ERROR_MESSAGES } from '../errors/messages';
import { ErrorCode } from '../errors/codes';
import { MIN_IDENTIFIER_LENGTH } from '../constants';

export interface FieldIssue {
  code: string;
  field?: string;
  params: Record<string, string | number>;
}

export function firstIssue(error: z.ZodError): FieldIssue {
  const issue = error.issues[0];
  if (!issue) return { code: ErrorCode.ValidationFailed, params: {} };
  const field =
    issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.') || undefined;
  const known = ERROR_MESSAGES[issue.message] !== undefined;
  const params = {
    min: MIN_IDENTIFIER_LENGTH,
    ...((issue as { params?: Record<string, string | number> }).params ?? {}),
  };
  return { code: known ? issue.message : ErrorCode.ValidationFailed, field, params };
}
