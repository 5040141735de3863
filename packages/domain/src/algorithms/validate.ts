// Checking user-supplied parameter values against an algorithm's declarations.
import { z } from 'zod';
import type { AlgorithmParam } from './types';

export type ParamValues = Record<string, number>;

/** A zod schema for values of the given params: each optional, within min..max, whole if integer. */
export function paramValuesSchema(params: readonly AlgorithmParam[]) {
  const shape: Record<string, z.ZodOptional<z.ZodNumber>> = {};
  for (const p of params) {
    let n = z.number().min(p.min).max(p.max);
    if (p.integer) n = n.int();
    shape[p.key] = n.optional();
  }
  return z.strictObject(shape);
}

/** Values filled with defaults; throws a ZodError naming the key when a value is unknown or out of range. */
export function resolveParams(
  params: readonly AlgorithmParam[],
  values: Record<string, unknown> = {},
): ParamValues {
  const given = paramValuesSchema(params).parse(values) as Record<string, number | undefined>;
  const out: ParamValues = {};
  for (const p of params) out[p.key] = given[p.key] ?? p.default;
  return out;
}
