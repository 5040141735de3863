// The one feature list: every route of the API is registered from here, in this order (app.ts).
// A feature is a folder per resource (routes, service, repository, module, mapper); `admin` and `my`
// pages are route groups of those features (e.g. user-admin.routes.ts), not features of their own.
// `matrix: true` marks the route groups the tenancy access-matrix test must cover (TENANCY_API.md).
import type { FastifyInstance } from 'fastify';
import algorithmRoutes from './algorithm/algorithm.routes';
import authRoutes from './auth/auth.routes';
import companyRoutes from './company/company.routes';
import compareRoutes from './compare/compare.routes';
import dashboardRoutes from './dashboard/dashboard.routes';
import datasetRoutes from './dataset/dataset.routes';
import downloadRoutes from './download/download.routes';
import evaluationRoutes from './evaluation/evaluation.routes';
import historyRoutes from './history/history.routes';
import jobRoutes from './job/job.routes';
import learningRoutes from './learning/learning.routes';
import lineRoutes from './line/line.routes';
import lookupRoutes from './lookup/lookup.routes';
import inspectionApiRoutes from './monitoring/inspection-api.routes';
import monitoringRoutes from './monitoring/monitoring.routes';
import noticeRoutes from './notice/notice.routes';
import notificationRoutes from './notification/notification.routes';
import participantRoutes from './participant/participant.routes';
import processingRoutes from './processing/processing.routes';
import processingDataRoutes from './processing/data-works/processing-data.routes';
import projectAdminRoutes from './project/project-admin.routes';
import projectRoutes from './project/project.routes';
import resetRequestRoutes from './reset-request/reset-request.routes';
import segmentRoutes from './segment/segment.routes';
import statusRoutes from './status/status.routes';
import systemRoutes from './system/system.routes';
import usageRoutes from './usage/usage.routes';
import userAdminRoutes from './user/user-admin.routes';
import userRoutes from './user/user.routes';

type Routes = (app: FastifyInstance) => Promise<void>;

export const FEATURES: readonly { routes: Routes; matrix?: boolean }[] = [
  { routes: authRoutes },
  { routes: userRoutes },
  { routes: projectRoutes },
  { routes: lookupRoutes },
  { routes: systemRoutes },
  { routes: jobRoutes },
  { routes: datasetRoutes },
  { routes: downloadRoutes },
  { routes: evaluationRoutes },
  { routes: compareRoutes },
  { routes: notificationRoutes },
  { routes: noticeRoutes },
  { routes: usageRoutes },
  { routes: statusRoutes },
  { routes: learningRoutes },
  { routes: monitoringRoutes },
  { routes: inspectionApiRoutes },
  { routes: processingRoutes },
  { routes: processingDataRoutes },
  { routes: segmentRoutes },
  { routes: companyRoutes, matrix: true },
  { routes: projectAdminRoutes, matrix: true },
  { routes: lineRoutes, matrix: true },
  { routes: participantRoutes, matrix: true },
  { routes: userAdminRoutes, matrix: true },
  { routes: resetRequestRoutes, matrix: true },
  { routes: algorithmRoutes, matrix: true },
  { routes: historyRoutes, matrix: true },
  { routes: dashboardRoutes, matrix: true },
];

/** Every `METHOD /path` of the `matrix` route groups; the access-matrix test checks it covers them all. */
export const TENANCY_ROUTES = new Set<string>();

export async function registerFeatures(app: FastifyInstance): Promise<void> {
  for (const { routes, matrix } of FEATURES) {
    if (!matrix) {
      await app.register(routes);
      continue;
    }
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const m of [route.method].flat()) if (m !== 'HEAD') TENANCY_ROUTES.add(`${m} ${route.url}`);
      });
      await scope.register(routes);
    });
  }
}
