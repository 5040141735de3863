// The query executor repositories run on: the pool's Drizzle handle or a transaction inside it.
import type { Db } from '@sightline/db';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
