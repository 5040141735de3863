// Registers every tenancy/administration route (TENANCY_API.md) in one encapsulated scope and seeds
// the algorithm registry from the engine's declarations. Coded validation errors are app-wide
// (http/coded-validation.ts).
import type { FastifyInstance } from 'fastify';
import { ALGORITHMS } from '@sightline/domain';
import algorithmRoutes from '../algorithm/algorithm.routes';
import { AlgorithmRepository } from '../algorithm/algorithm.repository';
import companyRoutes from '../company/company.routes';
import dashboardRoutes from '../dashboard/dashboard.routes';
import historyRoutes from '../history/history.routes';
import lineRoutes from '../line/line.routes';
import participantRoutes from '../participant/participant.routes';
import projectAdminRoutes from '../project/project.routes';
import resetRequestRoutes from '../reset-request/reset-request.routes';
import userAdminRoutes from '../user/user.routes';

/** Every `METHOD /path` this plugin registers; the access-matrix test checks it covers them all. */
export const TENANCY_ROUTES = new Set<string>();

export default async function tenancyRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) if (m !== 'HEAD') TENANCY_ROUTES.add(`${m} ${route.url}`);
  });
  for (const routes of [
    companyRoutes,
    projectAdminRoutes,
    lineRoutes,
    participantRoutes,
    userAdminRoutes,
    resetRequestRoutes,
    algorithmRoutes,
    historyRoutes,
    dashboardRoutes,
  ]) {
    await app.register(routes);
  }
  // Idempotent: each declaration is seeded once (algorithm_seeds), concurrent starts included.
  await new AlgorithmRepository(app.deps.database.db).seed(ALGORITHMS);
}
