// Changes of a line for its status streams, from the app's one LISTEN connection (@sightline/db PgListener):
// triggers on inspections and line_deployments send 'monitoring_events' with the line id, so a camera
// posting to any server process is seen live by browsers connected to any other.
import type { PgListener } from '@sightline/db';

const CHANNEL = 'monitoring_events';

export class MonitoringEvents {
  constructor(private readonly listener: Pick<PgListener, 'on' | 'ready'>) {}

  /** Resolves once listening (the streams refresh on an interval as well). */
  ensureStarted(): Promise<void> {
    return this.listener.ready();
  }

  subscribe(lineId: number, fn: () => void): () => void {
    const key = String(lineId);
    return this.listener.on(CHANNEL, (payload) => {
      if (payload === key) fn();
    });
  }
}
