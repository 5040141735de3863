// Builds the usage feature (use history, statistics, resource monitoring) from its repository.
import type { AppDeps } from '../../app-deps';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

export function createUsageServices(deps: Pick<AppDeps, 'database'>) {
  return { usage: new UsageService(new UsageRepository(deps.database.db)) };
}
