// Field builders of the tenancy schemas. Kept out of the package index: generic names, internal use.
import { z } from 'zod';
import { MIN_IDENTIFIER_LENGTH } from '../constants';
import type { IdentifierProblem } from './identifiers';
import { TenancyErrorCode as C } from './messages';

const FR = C.FieldRequired;

/** A required, trimmed text field that answers 'please enter …' when empty or missing. */
export const requiredText = (max = 200) => z.string({ error: FR }).trim().min(1, { error: FR }).max(max);
export const optionalText = (max = 2000) => z.string().trim().max(max).optional().default('');

/** Numbers only (upload / learning limits); null means "no limit". */
export const limitNumber = z
  .number({ error: C.NumberRequired })
  .int({ error: C.NumberRequired })
  .min(0, { error: C.NumberRequired })
  .nullable()
  .optional()
  .default(null);

/** YYYY-MM-DD calendar date. */
export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: C.FieldRequired });

const IDENTIFIER_CODES: Record<IdentifierProblem, string> = {
  required: FR,
  tooShort: C.IdentifierTooShort,
  tooLong: C.IdentifierInvalidChars,
  invalidChars: C.IdentifierInvalidChars,
  reserved: C.UsernameUnavailable,
};

/** Builds a string schema from one of the identifier checks in ./identifiers. */
export function identifier(check: (v: string) => IdentifierProblem | null) {
  return z.string({ error: FR }).superRefine((v, ctx) => {
    const problem = check(v);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: IDENTIFIER_CODES[problem],
        params: { min: MIN_IDENTIFIER_LENGTH },
      });
  });
}
