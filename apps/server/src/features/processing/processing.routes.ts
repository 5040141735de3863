// The processing feature's route groups: processing works (/api/v2/processing), their SSE stream and
// annotation documents.
import type { FastifyInstance } from 'fastify';
import annotationRoutes from './annotation.routes';
import { createProcessingServices } from './processing.module';
import workEventRoutes from './work-events.routes';
import workRoutes from './work.routes';

export default async function processingRoutes(app: FastifyInstance) {
  const services = createProcessingServices(app.deps);
  await app.register(workEventRoutes, { services });
  await app.register(workRoutes, { services });
  await app.register(annotationRoutes, { services });
}
