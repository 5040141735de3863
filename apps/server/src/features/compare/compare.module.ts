// Builds the compare feature's services on top of the evaluation feature's.
import type { AppDeps } from '../../app-deps';
import { createEvaluationServices } from '../evaluation/evaluation.module';
import { CompareRepository } from './compare.repository';
import { CompareService } from './compare.service';

export function createCompareServices(deps: AppDeps) {
  const { evaluations } = createEvaluationServices(deps);
  return {
    compares: new CompareService(
      new CompareRepository(deps.database.db),
      evaluations,
      deps.config.productName,
    ),
  };
}
