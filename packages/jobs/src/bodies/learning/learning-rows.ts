// The learnings row as the learning.train job reads and writes it (the server owns create/cancel/delete).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { learnings, type Db, type LearningRow } from '@sightline/db';

export type LearningPatch = Partial<
  Pick<
    LearningRow,
    | 'status'
    | 'progress'
    | 'phase'
    | 'epoch'
    | 'epochs'
    | 'resumed'
    | 'live'
    | 'metrics'
    | 'validation'
    | 'history'
    | 'warnings'
    | 'errorCode'
    | 'errorMessage'
    | 'modelPrefix'
    | 'files'
    | 'finishedAt'
    | 'canceledAt'
  >
>;

export class LearningRows {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<LearningRow | undefined> {
    const [row] = await this.db.select().from(learnings).where(eq(learnings.id, id));
    return row;
  }

  /**
   * waiting (or running, when a lost worker's row was not handed back) → running; started_at kept from
   * the first attempt. Undefined when the row is gone or no longer wants to run (canceled, canceling…).
   */
  async claim(id: number, resumed: boolean): Promise<LearningRow | undefined> {
    const [row] = await this.db
      .update(learnings)
      .set({
        status: 'running',
        phase: 'preparing',
        startedAt: sql`coalesce(${learnings.startedAt}, now())`,
        resumed: sql`${learnings.resumed} OR ${resumed}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(learnings.id, id), inArray(learnings.status, ['waiting', 'running'])))
      .returning();
    return row;
  }

  /** Writes while the learning is still active (a cancel or delete meanwhile wins). */
  async update(id: number, patch: LearningPatch): Promise<boolean> {
    const rows = await this.db
      .update(learnings)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(learnings.id, id), inArray(learnings.status, ['running', 'canceling'])))
      .returning({ id: learnings.id });
    return rows.length > 0;
  }
}
