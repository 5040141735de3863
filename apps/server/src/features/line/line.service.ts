// Inspection lines of a project: anyone who sees the project reads them; roles 1–2, the company admin
// and the project's managers edit them (policy line.manage).
import {
  TenancyErrorCode,
  checkLineCode,
  type CheckAnswer,
  type LineInput,
  type LineRecord,
  type ListQuery,
  type PageOf,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import type { LineRow } from '@sightline/db';
import { AppError } from '../../common/app-error';
import { inTransaction } from '../../common/tx';
import { recordAudit } from '../history/audit';
import { requireProjectAccess } from '../../common/project-access';
import type { Caller } from '../../common/access';
import { mapUniqueViolation } from '../../common/unique-violation';
import { LineRepository } from './line.repository';

export const mapLine = (l: LineRow): LineRecord => ({
  id: l.id,
  projectId: l.projectId,
  code: l.code,
  name: l.name,
  productName: l.productName,
  processName: l.processName,
  createdAt: l.createdAt.toISOString(),
});
const snapshot = (l: LineRow) => ({
  code: l.code,
  name: l.name,
  productName: l.productName,
  processName: l.processName,
});

const LINE_CODE_INDEXES = ['lines_project_code_ci_idx', 'lines_project_id_code_key'];

export class LineService {
  private readonly lines: LineRepository;
  constructor(private readonly db: Db) {
    this.lines = new LineRepository(db);
  }

  async list(actor: Caller, projectId: number, q: ListQuery): Promise<PageOf<LineRecord>> {
    await requireProjectAccess(this.db, actor, projectId, 'project.read');
    const { rows, total } = await this.lines.list(projectId, q);
    return { data: rows.map(mapLine), total };
  }

  async checkCode(actor: Caller, projectId: number, code: string): Promise<CheckAnswer> {
    await requireProjectAccess(this.db, actor, projectId, 'line.manage');
    const problem = checkLineCode(code);
    if (problem) {
      return {
        available: false,
        code:
          problem === 'tooShort'
            ? TenancyErrorCode.IdentifierTooShort
            : problem === 'required'
              ? TenancyErrorCode.FieldRequired
              : TenancyErrorCode.IdentifierInvalidChars,
      };
    }
    return (await this.lines.codeTaken(projectId, code))
      ? { available: false, code: TenancyErrorCode.LineCodeTaken }
      : { available: true };
  }

  async create(actor: Caller, projectId: number, input: LineInput): Promise<LineRecord> {
    return inTransaction(this.db, LineRepository, async (repo, tx) => {
      const facts = await requireProjectAccess(tx, actor, projectId, 'line.manage');
      if (await repo.codeTaken(projectId, input.code))
        throw AppError.conflict('code', TenancyErrorCode.LineCodeTaken);
      const row = await repo
        .insert(projectId, input)
        .catch((e) => mapUniqueViolation(e, LINE_CODE_INDEXES, TenancyErrorCode.LineCodeTaken, 'code'));
      await recordAudit(tx, actor, {
        action: 'line.create',
        entityType: 'line',
        entityId: row.id,
        companyId: facts.companyId,
        after: { projectId, ...snapshot(row) },
      });
      return mapLine(row);
    });
  }

  async update(actor: Caller, projectId: number, lineId: number, input: LineInput): Promise<LineRecord> {
    return inTransaction(this.db, LineRepository, async (repo, tx) => {
      const facts = await requireProjectAccess(tx, actor, projectId, 'line.manage');
      const before = await repo.find(projectId, lineId);
      if (!before) throw AppError.notFound('lineId');
      if (await repo.codeTaken(projectId, input.code, lineId))
        throw AppError.conflict('code', TenancyErrorCode.LineCodeTaken);
      const row = await repo
        .update(lineId, input)
        .catch((e) => mapUniqueViolation(e, LINE_CODE_INDEXES, TenancyErrorCode.LineCodeTaken, 'code'));
      await recordAudit(tx, actor, {
        action: 'line.update',
        entityType: 'line',
        entityId: lineId,
        companyId: facts.companyId,
        before: snapshot(before),
        after: snapshot(row),
      });
      return mapLine(row);
    });
  }

  async remove(actor: Caller, projectId: number, lineId: number): Promise<{ id: number }> {
    return inTransaction(this.db, LineRepository, async (repo, tx) => {
      const facts = await requireProjectAccess(tx, actor, projectId, 'line.manage');
      const before = await repo.find(projectId, lineId);
      if (!before) throw AppError.notFound('lineId');
      await repo.delete(lineId);
      await recordAudit(tx, actor, {
        action: 'line.delete',
        entityType: 'line',
        entityId: lineId,
        companyId: facts.companyId,
        before: { projectId, ...snapshot(before) },
      });
      return { id: lineId };
    });
  }
}
