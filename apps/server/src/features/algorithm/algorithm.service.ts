// The algorithm registry (/admin/algorithm): roles 1–2 manage it; members read the algorithms in scope
// of their project. Rows were seeded from the engine's declarations (see AlgorithmRepository.seed).
import {
  ALGORITHMS,
  TenancyErrorCode,
  can,
  type Algorithm,
  type AlgorithmAdminInput,
  type AlgorithmRecord,
  type ListQuery,
  type PageOf,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import type { AlgorithmRow, DescriptionFile } from '@sightline/db';
import { AppError } from '../../common/app-error';
import { inTransaction } from '../../common/tx';
import type { Storage, StoredObject } from '@sightline/storage';
import { recordAudit } from '../history/audit';
import { requireProjectAccess } from '../../common/project-access';
import { ProjectRepository } from '../project/project.repository';
import { requireCan, type Caller } from '../../common/access';
import { checkAgainstEngine } from './algorithm-rules';
import { AlgorithmRepository, type AlgorithmFilter, type ScopeProject } from './algorithm.repository';
import { descriptionKey, sniffDescriptionType } from './description-file';

export function mapAlgorithm(a: AlgorithmRow, scope: ScopeProject[]): AlgorithmRecord {
  const file = a.descriptionFile;
  return {
    id: a.id,
    engineKey: a.engineKey,
    name: a.name,
    description: a.description,
    kind: a.kind,
    workType: a.workType,
    scope: a.scope,
    projects: scope.filter((p) => p.algorithmId === a.id).map(({ id, code, title }) => ({ id, code, title })),
    trainParams: a.trainParams,
    inferenceParams: a.inferenceParams,
    augmentationParams: a.augmentationParams,
    descriptionFile: file ? { name: file.name, mime: file.mime, size: file.size } : null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
const snapshot = (a: AlgorithmRow, projectIds: number[]) => ({
  ...mapAlgorithm(a, []),
  projectIds,
  descriptionFile: a.descriptionFile,
});

export class AlgorithmService {
  private readonly algorithms: AlgorithmRepository;
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {
    this.algorithms = new AlgorithmRepository(db);
  }

  engines(actor: Caller): readonly Algorithm[] {
    requireCan(actor, 'algorithm.manage');
    return ALGORITHMS;
  }

  private async page(q: ListQuery, f: AlgorithmFilter): Promise<PageOf<AlgorithmRecord>> {
    const { rows, total } = await this.algorithms.list(q, f);
    const scope = await this.algorithms.scopeProjects(rows.map((r) => r.id));
    return { data: rows.map((r) => mapAlgorithm(r, scope)), total };
  }

  async list(actor: Caller, q: ListQuery, f: AlgorithmFilter): Promise<PageOf<AlgorithmRecord>> {
    requireCan(actor, 'algorithm.manage');
    return this.page(q, f);
  }

  /** Algorithms usable in a project, for anyone who can see the project. */
  async listForProject(
    actor: Caller,
    projectId: number,
    q: ListQuery,
    f: AlgorithmFilter,
  ): Promise<PageOf<AlgorithmRecord>> {
    await requireProjectAccess(this.db, actor, projectId, 'project.read');
    return this.page(q, { ...f, projectId });
  }

  async get(actor: Caller, id: number): Promise<AlgorithmRecord> {
    requireCan(actor, 'algorithm.manage');
    const row = await this.algorithms.findById(id);
    if (!row) throw AppError.notFound('id');
    return mapAlgorithm(row, await this.algorithms.scopeProjects([id]));
  }

  private async checkProjects(repo: AlgorithmRepository, input: AlgorithmAdminInput): Promise<void> {
    if (input.scope !== 'projects') return;
    const found = new Set(await repo.existingProjectIds(input.projectIds));
    const missing = input.projectIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw AppError.notFound(`projectIds.${missing}`);
  }

  async create(actor: Caller, raw: AlgorithmAdminInput): Promise<AlgorithmRecord> {
    requireCan(actor, 'algorithm.manage');
    const input = checkAgainstEngine(raw);
    const id = await inTransaction(this.db, AlgorithmRepository, async (repo, tx) => {
      await this.checkProjects(repo, input);
      const newId = await repo.insert(input);
      await recordAudit(tx, actor, {
        action: 'algorithm.create',
        entityType: 'algorithm',
        entityId: newId,
        after: input,
      });
      return newId;
    });
    return this.get(actor, id);
  }

  async update(actor: Caller, id: number, raw: AlgorithmAdminInput): Promise<AlgorithmRecord> {
    requireCan(actor, 'algorithm.manage');
    const input = checkAgainstEngine(raw);
    await inTransaction(this.db, AlgorithmRepository, async (repo, tx) => {
      const before = await repo.findById(id);
      if (!before) throw AppError.notFound('id');
      const beforeProjects = (await repo.scopeProjects([id])).map((p) => p.id);
      await this.checkProjects(repo, input);
      await repo.update(id, input);
      await recordAudit(tx, actor, {
        action: 'algorithm.update',
        entityType: 'algorithm',
        entityId: id,
        before: snapshot(before, beforeProjects),
        after: input,
      });
    });
    return this.get(actor, id);
  }

  async remove(actor: Caller, id: number): Promise<{ id: number }> {
    requireCan(actor, 'algorithm.manage');
    const key = await inTransaction(this.db, AlgorithmRepository, async (repo, tx) => {
      const before = await repo.findById(id);
      if (!before) throw AppError.notFound('id');
      await repo.delete(id);
      await recordAudit(tx, actor, {
        action: 'algorithm.delete',
        entityType: 'algorithm',
        entityId: id,
        before: snapshot(before, []),
      });
      return before.descriptionFile?.key;
    });
    if (key) await this.storage.delete(key);
    return { id };
  }

  /** Stores the description document; the previous one is deleted once the row points at the new one. */
  async setDescription(
    actor: Caller,
    id: number,
    file: { name: string; data: Buffer },
  ): Promise<AlgorithmRecord> {
    requireCan(actor, 'algorithm.manage');
    const existing = await this.algorithms.findById(id);
    if (!existing) throw AppError.notFound('id');
    const mime = sniffDescriptionType(file.data);
    if (!mime) throw AppError.validation('file', TenancyErrorCode.DescriptionFileType);
    const key = descriptionKey(id);
    await this.storage.put(key, file.data, { contentType: mime });
    const stored = { key, name: file.name, mime, size: file.data.length };
    const old = await this.swapDescriptionFile(actor, id, stored).catch(async (err) => {
      await this.storage.delete(key);
      throw err;
    });
    if (old) await this.storage.delete(old.key);
    return this.get(actor, id);
  }

  async removeDescription(actor: Caller, id: number): Promise<AlgorithmRecord> {
    requireCan(actor, 'algorithm.manage');
    const old = await this.swapDescriptionFile(actor, id, null);
    await this.storage.delete(old!.key);
    return this.get(actor, id);
  }

  /**
   * Sets (`file`) or clears (null) the description file with its audit row, in one transaction; answers the
   * file it replaces. Clearing an algorithm that has none answers 404 'No algorithm description image'.
   */
  private swapDescriptionFile(actor: Caller, id: number, file: DescriptionFile | null) {
    return inTransaction(this.db, AlgorithmRepository, async (repo, tx) => {
      const before = await repo.findById(id);
      if (!before) throw AppError.notFound('id');
      if (!file && !before.descriptionFile)
        throw new AppError(TenancyErrorCode.AlgorithmNoDescription, 404, {}, 'file');
      await repo.setDescriptionFile(id, file);
      await recordAudit(tx, actor, {
        action: 'algorithm.description',
        entityType: 'algorithm',
        entityId: id,
        before: { descriptionFile: before.descriptionFile },
        after: { descriptionFile: file },
      });
      return before.descriptionFile;
    });
  }

  /**
   * The description document, for admins and for anyone who may use the algorithm (scope 'all', or a
   * project in scope they can see). 404 'No algorithm description image' when there is none.
   */
  async description(
    actor: Caller,
    id: number,
  ): Promise<{ object: StoredObject; mime: string; name: string }> {
    const row = await this.algorithms.findById(id);
    if (!row || !(await this.mayUse(actor, row))) throw AppError.notFound('id');
    const file = row.descriptionFile;
    const object = file ? await this.storage.get(file.key) : null;
    if (!file || !object) throw new AppError(TenancyErrorCode.AlgorithmNoDescription, 404, {}, 'file');
    return { object, mime: file.mime, name: file.name };
  }

  private async mayUse(actor: Caller, row: AlgorithmRow): Promise<boolean> {
    if (can(actor, 'algorithm.manage') || row.scope === 'all') return true;
    const projects = new ProjectRepository(this.db);
    for (const p of await this.algorithms.scopeProjects([row.id])) {
      const facts = await projects.facts(p.id);
      if (facts && can(actor, 'project.read', facts)) return true;
    }
    return false;
  }
}
