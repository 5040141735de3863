// Checking user-supplied parameter values against an algorithm's declarations.
import { z } from 'zod';
import type { AlgorithmParam } from './types';

export type ParamValues = Record<string, number>;

type ParamRange = Pick<AlgorithmParam, 'min' | 'max' | 'integer'> & { auto?: boolean };

/** A value the param takes: within min..max (whole if integer), or 0 for an `auto` param. */
export function paramValueOk(p: ParamRange, v: unknown): v is number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  if (p.auto && v === 0) return true;
  return v >= p.min && v <= p.max && (!p.integer || Number.isInteger(v));
}

/** A zod schema for values of the given params: each optional, within min..max, whole if integer (0 = auto
 *  for `auto` params). Built once per params list (inference calls resolveParams per batch). */
export function paramValuesSchema(params: readonly AlgorithmParam[]) {
  let schema = schemas.get(params);
  if (!schema) {
    const shape: Record<string, z.ZodOptional<z.ZodType<number>>> = {};
    for (const p of params) {
      shape[p.key] = z
        .number()
        .refine((v) => paramValueOk(p, v), { message: `${p.key} must lie in ${p.min}..${p.max}` })
        .optional();
    }
    schema = z.strictObject(shape);
    schemas.set(params, schema);
  }
  return schema;
}
const schemas = new WeakMap<readonly AlgorithmParam[], z.ZodType>();

/** Values filled with defaults; throws a ZodError naming the key when a value is unknown or out of range. */
export function resolveParams(
  params: readonly AlgorithmParam[],
  values: Record<string, unknown> = {},
): ParamValues {
  // The usual case checked without zod (this runs per inference batch); zod words the error otherwise.
  for (const [key, v] of Object.entries(values)) {
    if (v === undefined) continue;
    const p = params.find((q) => q.key === key);
    if (!p || !paramValueOk(p, v)) {
      paramValuesSchema(params).parse(values);
      break;
    }
  }
  const out: ParamValues = {};
  for (const p of params) out[p.key] = (values[p.key] as number | undefined) ?? p.default;
  return out;
}
