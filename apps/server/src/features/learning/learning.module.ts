// Builds the learning feature: the service over the shared database, queue and storage, and the
// process-wide LISTEN relay of learning changes for the SSE routes.
import type { AppDeps } from '../../app-deps';
import { LearningEvents } from './learning-events';
import { LearningService } from './learning.service';

export interface LearningServices {
  learnings: LearningService;
  events: LearningEvents;
}

export function createLearningServices(deps: AppDeps): LearningServices {
  return {
    learnings: new LearningService(deps.database, deps.queue, deps.storage),
    events: new LearningEvents(deps.database.url),
  };
}
