// Builds the system feature: health from real round trips (database, queue, worker heartbeats).
import { WorkerRepository } from '@sightline/db';
import type { AppDeps } from '../../app-deps';
import { HealthService } from './health.service';

export function createSystemServices(deps: Pick<AppDeps, 'database' | 'queue' | 'config'>) {
  return { health: new HealthService(deps, new WorkerRepository(deps.database.db)) };
}
