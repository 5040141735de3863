// Queries of compares: rows, the list, and disagreement rows (images where the models' predictions differ).
import { count, desc, eq, sql } from 'drizzle-orm';
import { compares, type CompareRow, type Db } from '@sightline/db';
import type { Executor } from '../../common/tx';

export interface DisagreementDbRow extends Record<string, unknown> {
  image_id: string;
  file_name: string;
  true_class: number | null;
  predictions: {
    evaluation_id: number;
    predicted_class: number | null;
    score: number | null;
    correct: boolean | null;
  }[];
}

const disagreeing = (compareId: number) => sql`
  SELECT r.image_id FROM evaluation_results r JOIN evaluations e ON e.id = r.evaluation_id
  WHERE e.compare_id = ${compareId} AND r.image_id IS NOT NULL
  GROUP BY r.image_id HAVING count(DISTINCT coalesce(r.predicted_class, -1)) > 1`;

export class CompareRepository {
  constructor(readonly db: Db) {}

  async insert(q: Executor, values: typeof compares.$inferInsert): Promise<CompareRow> {
    const [row] = await q.insert(compares).values(values).returning();
    return row!;
  }

  async update(id: number, set: Partial<typeof compares.$inferInsert>, q: Executor = this.db) {
    await q.update(compares).set(set).where(eq(compares.id, id));
  }

  async find(id: number): Promise<CompareRow | undefined> {
    const [r] = await this.db.select().from(compares).where(eq(compares.id, id));
    return r;
  }

  async list(projectId: number, page: number, perPage: number) {
    const rows = await this.db
      .select()
      .from(compares)
      .where(eq(compares.projectId, projectId))
      .orderBy(desc(compares.requestedAt), desc(compares.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [t] = await this.db.select({ n: count() }).from(compares).where(eq(compares.projectId, projectId));
    return { rows, total: t?.n ?? 0 };
  }

  async delete(id: number) {
    await this.db.delete(compares).where(eq(compares.id, id));
  }

  /** One row per disagreeing image with every model's prediction in the compare's model order. */
  async disagreements(compareId: number, page: number, perPage: number) {
    const res = await this.db.execute<DisagreementDbRow>(sql`
      WITH d AS (${disagreeing(compareId)})
      SELECT r0.image_id, min(r0.file_name) AS file_name, min(r0.true_class) AS true_class,
        json_agg(json_build_object('evaluation_id', e.id, 'predicted_class', r0.predicted_class,
          'score', r0.score, 'correct', r0.correct) ORDER BY e.position) AS predictions
      FROM evaluation_results r0 JOIN evaluations e ON e.id = r0.evaluation_id
      WHERE e.compare_id = ${compareId} AND r0.image_id IN (SELECT image_id FROM d)
      GROUP BY r0.image_id
      ORDER BY min(r0.file_name), r0.image_id
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`);
    const total = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (${disagreeing(compareId)}) d`,
    );
    return { rows: res.rows, total: total.rows[0]?.n ?? 0 };
  }
}
