// The query executor repositories run on (the pool's Drizzle handle or a transaction inside it, typed in
// @sightline/db) and the one way a service opens a transaction with its repository.
import type { Db, Executor, Tx } from '@sightline/db';

export type { Executor, Tx };

/**
 * The one way a service runs a transaction with its repository: `inTransaction(db, XRepository,
 * async (repo, tx) => …)` builds the repository on the transaction (tx is there for audit rows and
 * other repositories).
 */
export function inTransaction<R, T>(
  db: Db,
  Repository: new (executor: Executor) => R,
  work: (repo: R, tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(new Repository(tx), tx));
}
