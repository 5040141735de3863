// Projects in the admin and my areas (/admin/project, /my/projects): scoped list, detail, duplicate
// check of the code, create and edit. The code is immutable after creation.
import {
  TenancyErrorCode,
  checkProjectCode,
  listScope,
  maskName,
  type CheckAnswer,
  type ListQuery,
  type PageOf,
  type ProjectCreate,
  type ProjectRecord,
  type ProjectUpdate,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import { AppError } from '../../common/app-error';
import { inTransaction } from '../../common/tx';
import { recordAudit } from '../history/audit';
import { requireCan, type Caller } from '../../common/access';
import { mapUniqueViolation } from '../../common/unique-violation';
import { requireProjectAccess } from '../../common/project-access';
import { ProjectRepository, type ManagerRow, type ProjectRow } from './project.repository';

const IDENTIFIER_CODES = {
  required: TenancyErrorCode.FieldRequired,
  tooShort: TenancyErrorCode.IdentifierTooShort,
  tooLong: TenancyErrorCode.IdentifierInvalidChars,
  invalidChars: TenancyErrorCode.IdentifierInvalidChars,
  reserved: TenancyErrorCode.IdentifierInvalidChars,
} as const;

export function mapProject(p: ProjectRow, managers: ManagerRow[]): ProjectRecord {
  return {
    id: p.id,
    code: p.code,
    title: p.title,
    description: p.description,
    company: { id: p.companyId ?? 0, name: p.companyName ?? '' },
    startDate: p.startDate,
    endDate: p.endDate,
    uploadLimit: p.uploadLimit,
    learningLimit: p.learningLimit,
    lineCount: p.lineCount,
    participantCount: p.participantCount,
    managers: managers
      .filter((m) => m.projectId === p.id)
      .map((m) => ({ id: m.id, username: m.username, name: maskName(m.name), department: m.department })),
    createdAt: p.createdAt.toISOString(),
  };
}

/** Before/after snapshot for the audit log. */
const snapshot = (p: ProjectRow) => ({
  code: p.code,
  title: p.title,
  description: p.description,
  companyId: p.companyId,
  startDate: p.startDate,
  endDate: p.endDate,
  uploadLimit: p.uploadLimit,
  learningLimit: p.learningLimit,
});

export class ProjectAdminService {
  private readonly projects: ProjectRepository;
  constructor(private readonly db: Db) {
    this.projects = new ProjectRepository(db);
  }

  /** `mine`: only projects the caller takes part in or manages (role 2's /my/projects). */
  async list(actor: Caller, q: ListQuery, companyId?: number, mine = false): Promise<PageOf<ProjectRecord>> {
    requireCan(actor, 'project.list');
    const { rows, total } = await this.projects.list(
      listScope(actor, 'project'),
      q,
      companyId,
      mine ? actor.id : undefined,
    );
    const managers = await this.projects.managersOf(rows.map((r) => r.id));
    return { data: rows.map((r) => mapProject(r, managers)), total };
  }

  async get(actor: Caller, id: number): Promise<ProjectRecord> {
    await requireProjectAccess(this.db, actor, id, 'project.read');
    const row = await this.projects.findById(id);
    if (!row) throw AppError.notFound('id');
    return mapProject(row, await this.projects.managersOf([id]));
  }

  /** Duplicate check before registration (SPEC §5): format first, then uniqueness. */
  async checkCode(actor: Caller, code: string): Promise<CheckAnswer> {
    requireCan(actor, 'project.create', { companyId: actor.companyId });
    const problem = checkProjectCode(code);
    if (problem) return { available: false, code: IDENTIFIER_CODES[problem] };
    return (await this.projects.codeTaken(code))
      ? { available: false, code: TenancyErrorCode.ProjectCodeTaken }
      : { available: true };
  }

  async create(actor: Caller, input: ProjectCreate): Promise<ProjectRecord> {
    requireCan(actor, 'project.create', { companyId: input.companyId });
    const id = await inTransaction(this.db, ProjectRepository, async (repo, tx) => {
      if (!(await repo.companyExists(input.companyId))) throw AppError.notFound('companyId');
      if (await repo.codeTaken(input.code))
        throw AppError.conflict('code', TenancyErrorCode.ProjectCodeTaken);
      const newId = await repo
        .insert(input)
        .catch((e) =>
          mapUniqueViolation(
            e,
            ['projects_code_ci_idx', 'projects_code_key'],
            TenancyErrorCode.ProjectCodeTaken,
            'code',
          ),
        );
      await recordAudit(tx, actor, {
        action: 'project.create',
        entityType: 'project',
        entityId: newId,
        companyId: input.companyId,
        after: input,
      });
      return newId;
    });
    return this.get(actor, id);
  }

  async update(actor: Caller, id: number, input: ProjectUpdate): Promise<ProjectRecord> {
    await inTransaction(this.db, ProjectRepository, async (repo, tx) => {
      const facts = await requireProjectAccess(tx, actor, id, 'project.update');
      if (input.code !== undefined && input.code !== facts.code) {
        throw AppError.validation('code', TenancyErrorCode.ProjectCodeImmutable);
      }
      const before = (await repo.findById(id))!;
      await repo.update(id, input);
      const after = (await repo.findById(id))!;
      await recordAudit(tx, actor, {
        action: 'project.update',
        entityType: 'project',
        entityId: id,
        companyId: facts.companyId,
        before: snapshot(before),
        after: snapshot(after),
      });
    });
    return this.get(actor, id);
  }
}
