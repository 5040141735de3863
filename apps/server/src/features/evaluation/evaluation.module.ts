// Builds the evaluation feature's services once per app (the compare feature reuses them).
import { DownloadRepository } from '@sightline/db';
import { JobService } from '@sightline/jobs';
import type { AppDeps } from '../../app-deps';
import { ProjectAccess } from '../../common/project-access';
import { EvaluationRepository } from './evaluation.repository';
import { EvaluationService } from './evaluation.service';

/** Evaluation and compare calls need the training permission in the project (SPEC §6). */
export const EVALUATION_ACCESS = { action: 'project.train', field: 'project_id' } as const;

export interface EvaluationServices {
  repo: EvaluationRepository;
  evaluations: EvaluationService;
}

const built = new WeakMap<AppDeps, EvaluationServices>();

export function createEvaluationServices(deps: AppDeps): EvaluationServices {
  const cached = built.get(deps);
  if (cached) return cached;
  const db = deps.database.db;
  const repo = new EvaluationRepository(db);
  const services = {
    repo,
    evaluations: new EvaluationService(
      repo,
      new ProjectAccess(db, EVALUATION_ACCESS),
      new JobService(deps.database, deps.queue),
      deps.storage,
      deps.media,
      new DownloadRepository(db),
    ),
  };
  built.set(deps, services);
  return services;
}
