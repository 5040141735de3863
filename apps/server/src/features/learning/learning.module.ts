// Builds the learning feature: the service over the shared database, queue and storage, and the
// learning changes (from the process-wide LISTEN connection) for the SSE routes.
import type { AppDeps } from '../../app-deps';
import type { PgListener } from '@sightline/db';
import { LearningEvents } from './learning-events';
import { LearningService } from './learning.service';

export interface LearningServices {
  learnings: LearningService;
  events: LearningEvents;
}

export function createLearningServices(deps: AppDeps, listener: PgListener): LearningServices {
  return {
    learnings: new LearningService(deps.database, deps.queue, deps.storage),
    events: new LearningEvents(listener),
  };
}
