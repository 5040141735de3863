// Builds the algorithm feature: the registry service (documents in storage) and the startup seed.
import { ALGORITHMS } from '@sightline/domain';
import type { AppDeps } from '../../app-deps';
import { AlgorithmRepository } from './algorithm.repository';
import { AlgorithmService } from './algorithm.service';

export function createAlgorithmServices(deps: Pick<AppDeps, 'database' | 'storage'>) {
  const repo = new AlgorithmRepository(deps.database.db);
  return {
    algorithms: new AlgorithmService(deps.database.db, deps.storage),
    /** Idempotent: each engine declaration is seeded once (algorithm_seeds), concurrent starts included. */
    seed: () => repo.seed(ALGORITHMS),
  };
}
