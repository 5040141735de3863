// One pg Pool per process and the Drizzle handle over it.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction inside the Drizzle handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository runs its queries on: the pool's handle or a transaction inside it. */
export type Executor = Db | Tx;
export interface Database {
  pool: pg.Pool;
  db: Db;
  url: string;
  close(): Promise<void>;
}

// node-postgres would turn `date` columns into JS Dates at local midnight; keep them as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);

export function createDatabase(url: string, opts: { max?: number; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    application_name: opts.applicationName,
  });
  // An idle client losing its connection (PG restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { pool, db, url, close: () => pool.end() };
}
