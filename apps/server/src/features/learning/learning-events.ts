// Changes of learnings for the SSE streams of one learning or one project: a trigger on learnings sends
// "<id>:<project_id>" on the 'learning_events' channel of the process-wide PgListener.
import type { PgListener } from '@sightline/db';

const CHANNEL = 'learning_events';

export class LearningEvents {
  constructor(private readonly listener: PgListener) {}

  /** Resolves once listening; streams poll as well, so a lost connection only slows them down. */
  ensureStarted(): Promise<void> {
    return this.listener.ready();
  }

  onLearning(id: number, fn: () => void): () => void {
    const key = String(id);
    return this.listener.on(CHANNEL, (payload) => {
      if (payload.split(':')[0] === key) fn();
    });
  }

  onProject(projectId: number, fn: (learningId: number) => void): () => void {
    const key = String(projectId);
    return this.listener.on(CHANNEL, (payload) => {
      const [id, project] = payload.split(':');
      if (project === key && id) fn(Number(id));
    });
  }
}
