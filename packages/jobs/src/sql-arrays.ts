// PostgreSQL array literals, one bound parameter each, for unnest()/ANY() over many rows: drizzle's sql``
// would expand a JS array into one parameter per element. Only for values with no quotes or commas inside
// (ids, storage keys, numbers).
export const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;
export const ints = (xs: readonly (number | null)[]) =>
  `{${xs.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`;
export const floats = (xs: readonly number[]) => `{${xs.map((x) => String(x)).join(',')}}`;
export const texts = (xs: readonly string[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;
