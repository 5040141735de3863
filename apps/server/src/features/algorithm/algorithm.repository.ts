// Algorithm registry queries: scoped lists, project scope rows, the idempotent seed, writes.
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Algorithm, AlgorithmAdminInput, ListQuery } from '@sightline/domain';
import {
  algorithmProjects,
  algorithmSeeds,
  algorithms,
  projects,
  type AlgorithmRow,
  type DescriptionFile,
} from '@sightline/db';
import { listPage, orderFor, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';

export interface AlgorithmFilter {
  kind?: AlgorithmRow['kind'];
  workType?: AlgorithmRow['workType'];
  /** Only algorithms usable in this project (scope 'all' or the project chosen). */
  projectId?: number;
}
export interface ScopeProject {
  algorithmId: number;
  id: number;
  code: string;
  title: string;
}

const inScopeOf = (projectId: number): SQL =>
  or(
    eq(algorithms.scope, 'all'),
    inArray(
      algorithms.id,
      sql`(SELECT algorithm_id FROM algorithm_projects WHERE project_id = ${projectId})`,
    ),
  )!;

export class AlgorithmRepository {
  constructor(private readonly db: Executor) {}

  async list(q: ListQuery, f: AlgorithmFilter): Promise<{ rows: AlgorithmRow[]; total: number }> {
    const where = and(
      f.kind ? eq(algorithms.kind, f.kind) : undefined,
      f.workType ? eq(algorithms.workType, f.workType) : undefined,
      f.projectId ? inScopeOf(f.projectId) : undefined,
      textSearch(q.q, [algorithms.engineKey, sql`${algorithms.name}->>'ko'`, sql`${algorithms.name}->>'en'`]),
    );
    const sorts = {
      id: algorithms.id,
      engineKey: algorithms.engineKey,
      kind: algorithms.kind,
      workType: algorithms.workType,
      updatedAt: algorithms.updatedAt,
    };
    const order = orderFor(q, sorts, 'id', algorithms.id);
    return listPage(this.db, this.db.select().from(algorithms).$dynamic(), algorithms, where, order, q);
  }

  async findById(id: number): Promise<AlgorithmRow | undefined> {
    const [row] = await this.db.select().from(algorithms).where(eq(algorithms.id, id));
    return row;
  }

  async scopeProjects(algorithmIds: number[]): Promise<ScopeProject[]> {
    if (algorithmIds.length === 0) return [];
    return this.db
      .select({
        algorithmId: algorithmProjects.algorithmId,
        id: projects.id,
        code: projects.code,
        title: projects.title,
      })
      .from(algorithmProjects)
      .innerJoin(projects, eq(projects.id, algorithmProjects.projectId))
      .where(inArray(algorithmProjects.algorithmId, algorithmIds))
      .orderBy(asc(projects.code));
  }

  async existingProjectIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids))).map(
      (r) => r.id,
    );
  }

  private values(a: AlgorithmAdminInput) {
    return {
      engineKey: a.engineKey,
      name: a.name,
      description: a.description,
      kind: a.kind,
      workType: a.workType,
      scope: a.scope,
      trainParams: a.trainParams,
      inferenceParams: a.inferenceParams,
      augmentationParams: a.augmentationParams,
    };
  }

  async insert(a: AlgorithmAdminInput): Promise<number> {
    const [row] = await this.db.insert(algorithms).values(this.values(a)).returning({ id: algorithms.id });
    await this.setProjects(row!.id, a.scope === 'projects' ? a.projectIds : []);
    return row!.id;
  }

  async update(id: number, a: AlgorithmAdminInput): Promise<void> {
    await this.db
      .update(algorithms)
      .set({ ...this.values(a), updatedAt: sql`now()` })
      .where(eq(algorithms.id, id));
    await this.setProjects(id, a.scope === 'projects' ? a.projectIds : []);
  }

  private async setProjects(id: number, projectIds: number[]): Promise<void> {
    await this.db.delete(algorithmProjects).where(eq(algorithmProjects.algorithmId, id));
    const unique = [...new Set(projectIds)];
    if (unique.length)
      await this.db
        .insert(algorithmProjects)
        .values(unique.map((projectId) => ({ algorithmId: id, projectId })));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(algorithms).where(eq(algorithms.id, id));
  }

  async setDescriptionFile(id: number, file: DescriptionFile | null): Promise<void> {
    await this.db
      .update(algorithms)
      .set({ descriptionFile: file, updatedAt: sql`now()` })
      .where(eq(algorithms.id, id));
  }

  /**
   * One row per engine declaration, once: a declaration already seeded is skipped even if an admin
   * deleted its row since. Concurrent starts are safe (the seed marker is inserted first, ON CONFLICT).
   */
  async seed(declared: readonly Algorithm[]): Promise<number> {
    let added = 0;
    for (const a of declared) {
      const mark = await this.db
        .insert(algorithmSeeds)
        .values({ engineKey: a.id })
        .onConflictDoNothing()
        .returning();
      if (mark.length === 0) continue;
      await this.db.insert(algorithms).values({
        engineKey: a.id,
        name: a.name,
        description: a.description,
        kind: a.kind,
        workType: a.task,
        scope: 'all',
        trainParams: a.trainParams,
        inferenceParams: a.inferenceParams,
        augmentationParams: a.augmentationParams,
      });
      added++;
    }
    return added;
  }
}
