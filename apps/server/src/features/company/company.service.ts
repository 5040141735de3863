// Companies (/admin/company): list with counts, create, rename. Roles 1–2 manage; a company admin
// reads its own company.
import {
  TenancyErrorCode,
  listScope,
  type CheckAnswer,
  type CompanyInput,
  type CompanyRecord,
  type ListQuery,
  type PageOf,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import { AppError } from '../../common/app-error';
import { inTransaction } from '../../common/tx';
import { recordAudit } from '../history/audit';
import { requireCan, requireOnVisible, type Caller } from '../../common/access';
import { CompanyRepository, type CompanyWithCounts } from './company.repository';

export const mapCompany = (c: CompanyWithCounts): CompanyRecord => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
});

export class CompanyService {
  private readonly companies: CompanyRepository;
  constructor(private readonly db: Db) {
    this.companies = new CompanyRepository(db);
  }

  async list(actor: Caller, q: ListQuery): Promise<PageOf<CompanyRecord>> {
    requireCan(actor, 'company.list');
    const { rows, total } = await this.companies.list(listScope(actor, 'company'), q);
    return { data: rows.map(mapCompany), total };
  }

  async get(actor: Caller, id: number): Promise<CompanyRecord> {
    requireOnVisible(actor, 'company.read', 'company.read', { companyId: id });
    const c = await this.companies.findById(id);
    if (!c) throw AppError.notFound('id');
    return mapCompany(c);
  }

  async checkName(actor: Caller, name: string): Promise<CheckAnswer> {
    requireCan(actor, 'company.create');
    if (!name.trim()) return { available: false, code: TenancyErrorCode.FieldRequired };
    return (await this.companies.nameTaken(name))
      ? { available: false, code: TenancyErrorCode.CompanyNameTaken }
      : { available: true };
  }

  async create(actor: Caller, input: CompanyInput): Promise<CompanyRecord> {
    requireCan(actor, 'company.create');
    const id = await inTransaction(this.db, CompanyRepository, async (repo, tx) => {
      if (await repo.nameTaken(input.name))
        throw AppError.conflict('name', TenancyErrorCode.CompanyNameTaken);
      const newId = await repo.insert(input.name);
      await recordAudit(tx, actor, {
        action: 'company.create',
        entityType: 'company',
        entityId: newId,
        companyId: newId,
        after: input,
      });
      return newId;
    });
    return this.get(actor, id);
  }

  async rename(actor: Caller, id: number, input: CompanyInput): Promise<CompanyRecord> {
    requireOnVisible(actor, 'company.read', 'company.update', { companyId: id });
    await inTransaction(this.db, CompanyRepository, async (repo, tx) => {
      const before = await repo.findById(id);
      if (!before) throw AppError.notFound('id');
      if (await repo.nameTaken(input.name, id))
        throw AppError.conflict('name', TenancyErrorCode.CompanyNameTaken);
      await repo.rename(id, input.name);
      await recordAudit(tx, actor, {
        action: 'company.update',
        entityType: 'company',
        entityId: id,
        companyId: id,
        before: { name: before.name },
        after: input,
      });
    });
    return this.get(actor, id);
  }
}
