// Builds the company feature's service (it opens its own transactions, so it takes the db handle).
import type { AppDeps } from '../../app-deps';
import { CompanyService } from './company.service';

export function createCompanyServices(deps: Pick<AppDeps, 'database'>) {
  return { companies: new CompanyService(deps.database.db) };
}
