// monitoring.sample: daily verification sampling of every line (enqueued at 00:00 by the server).
import { sampleAllLines } from '../bodies/monitoring-sample';
import { defineHandler } from '../handler';

export default defineHandler('monitoring.sample', async ({ payload, db }) =>
  sampleAllLines(db, payload.at ? new Date(payload.at) : new Date()),
);
