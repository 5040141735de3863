// Learning (training) queries: list/detail rows joined with project, algorithm and requestor, the
// global queue position of waiting trainings, the limit counts, and the inputs a create checks.
import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  algorithms,
  datasetClasses,
  datasetImages,
  datasets,
  learnings,
  projects,
  users,
  type LearningRow,
} from '@sightline/db';
import { ACTIVE_STATUSES, type LearningListQuery } from '@sightline/domain';
import { countWhere, splitTotal, textSearch, totalOver } from '../../common/list-query';
import type { Executor } from '../../common/tx';

export interface LearningView {
  row: LearningRow;
  project: { id: number; code: string; title: string };
  algorithmName: { ko?: string; en?: string } | null;
  requestor: { id: number; username: string; name: string } | null;
  queuePosition: number | null;
}

/** 1-based place among all waiting trainings (one queue for every project), by request time. */
const queuePositionSql = sql<number | null>`CASE WHEN ${learnings.status} = 'waiting' THEN (
  SELECT count(*)::int + 1 FROM learnings w
  WHERE w.status = 'waiting' AND (w.requested_at, w.id) < (${learnings.requestedAt}, ${learnings.id})) END`;

export class LearningRepository {
  constructor(private readonly db: Executor) {}

  private selectViews<E extends Record<string, SQL.Aliased | SQL>>(extra?: E) {
    return this.db
      .select({
        ...(extra as E),
        row: learnings,
        project: { id: projects.id, code: projects.code, title: projects.title },
        algorithmName: algorithms.name,
        requestor: { id: users.id, username: users.username, name: users.name },
        queuePosition: queuePositionSql,
      })
      .from(learnings)
      .innerJoin(projects, eq(projects.id, learnings.projectId))
      .leftJoin(algorithms, eq(algorithms.id, learnings.algorithmId))
      .leftJoin(users, eq(users.id, learnings.requestedBy));
  }

  async view(id: number): Promise<LearningView | undefined> {
    const [v] = await this.selectViews().where(eq(learnings.id, id));
    return v as LearningView | undefined;
  }

  async list(q: LearningListQuery): Promise<{ rows: LearningView[]; total: number }> {
    const where = and(
      eq(learnings.projectId, q.project_id),
      q.status ? eq(learnings.status, q.status) : undefined,
      q.done_only === 'true' ? eq(learnings.status, 'done') : undefined,
      q.task ? eq(learnings.task, q.task) : undefined,
      textSearch(q.search, [learnings.name, learnings.datasetName]),
    );
    const page = await this.selectViews({ _total: totalOver() })
      .where(where)
      .orderBy(desc(learnings.requestedAt), desc(learnings.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage);
    const { rows, total } = await splitTotal(page, () => countWhere(this.db, learnings, where));
    return { rows: rows as LearningView[], total };
  }

  async find(id: number): Promise<LearningRow | undefined> {
    const [row] = await this.db.select().from(learnings).where(eq(learnings.id, id));
    return row;
  }

  async findForUpdate(id: number): Promise<LearningRow | undefined> {
    const [row] = await this.db.select().from(learnings).where(eq(learnings.id, id)).for('update');
    return row;
  }

  async nameTaken(projectId: number, name: string): Promise<boolean> {
    const [r] = await this.db
      .select({ id: learnings.id })
      .from(learnings)
      .where(and(eq(learnings.projectId, projectId), eq(learnings.name, name)))
      .limit(1);
    return !!r;
  }

  async dataset(id: number) {
    const [d] = await this.db.select().from(datasets).where(eq(datasets.id, id));
    return d;
  }

  /** Classes in the order the materialiser reads them (sort order, then id). */
  datasetClasses(datasetId: number) {
    return this.db
      .select({ name: datasetClasses.name, isOk: datasetClasses.isOk })
      .from(datasetClasses)
      .where(eq(datasetClasses.datasetId, datasetId))
      .orderBy(asc(datasetClasses.sortOrder), asc(datasetClasses.id));
  }

  /** At most two distinct image sizes: enough to tell whether all images share one. */
  imageSizes(datasetId: number) {
    return this.db
      .selectDistinct({ width: datasetImages.width, height: datasetImages.height })
      .from(datasetImages)
      .where(eq(datasetImages.datasetId, datasetId))
      .limit(2);
  }

  async algorithm(id: number) {
    const [a] = await this.db.select().from(algorithms).where(eq(algorithms.id, id));
    return a;
  }

  /** True when the algorithm may be used in the project (scope 'all' or the project chosen). */
  async algorithmInScope(algorithmId: number, projectId: number): Promise<boolean> {
    const r = await this.db
      .execute(sql`SELECT 1 FROM algorithms a WHERE a.id = ${algorithmId} AND (a.scope = 'all'
      OR EXISTS (SELECT 1 FROM algorithm_projects p WHERE p.algorithm_id = a.id AND p.project_id = ${projectId}))`);
    return r.rows.length > 0;
  }

  /** Serialises creates of one user and of one project until the transaction ends; the project's limit. */
  async lockForCreate(
    userId: number,
    projectId: number,
  ): Promise<{ learningLimit: number | null } | undefined> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('learning-user'), ${userId})`);
    const [p] = await this.db
      .select({ learningLimit: projects.learningLimit })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    return p;
  }

  async activeByUser(userId: number): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(learnings)
      .where(and(eq(learnings.requestedBy, userId), inArray(learnings.status, [...ACTIVE_STATUSES])));
    return r?.n ?? 0;
  }

  /** Learnings counted against the project's learning count limit (all but error and canceled). */
  async countedInProject(projectId: number): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(learnings)
      .where(and(eq(learnings.projectId, projectId), notInArray(learnings.status, ['error', 'canceled'])));
    return r?.n ?? 0;
  }

  async insert(values: typeof learnings.$inferInsert): Promise<LearningRow> {
    const [row] = await this.db.insert(learnings).values(values).returning();
    return row!;
  }

  async update(
    id: number,
    set: Partial<typeof learnings.$inferInsert>,
    where?: SQL,
  ): Promise<LearningRow | undefined> {
    const [row] = await this.db
      .update(learnings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(learnings.id, id), where))
      .returning();
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(learnings).where(eq(learnings.id, id));
  }
}
