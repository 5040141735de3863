// The English file must have exactly the Korean file's keys (values free), checked by the compiler.
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };
