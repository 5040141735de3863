// The Fastify app factory. Features register here, one line each (see CONVENTIONS.md).
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ErrorCode } from '@sightline/domain';
import type { AppDeps } from './app-deps';
import { registerErrorHandling, sendError } from './http/error-handler';
import { codedValidation } from './http/coded-validation';
import authPlugin from './plugins/auth.plugin';
import webStatic from './plugins/web-static.plugin';
import authRoutes from './features/auth/auth.routes';
import userRoutes from './features/users/user.routes';
import projectRoutes from './features/projects/project.routes';
import commonRoutes from './features/common/common.routes';
import systemRoutes from './features/system/system.routes';
import jobRoutes from './features/jobs/job.routes';
import datasetAreaRoutes from './features/datasets/dataset.routes';
import downloadRoutes from './features/downloads/download.routes';
import tenancyRoutes from './features/tenancy/tenancy.plugin';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Every route: validation failures answer after authentication, with the schema's error code.
  codedValidation(app);

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sightline API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);

  // Features: one line each. Keep this list additive.
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(projectRoutes);
  await app.register(commonRoutes);
  await app.register(systemRoutes);
  await app.register(jobRoutes);
  await app.register(datasetAreaRoutes);
  await app.register(downloadRoutes);
  await app.register(tenancyRoutes);

  // Unknown /api/* answers JSON 404; everything else may be a web route (history mode).
  app.setNotFoundHandler((req, reply) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.method !== 'GET') {
      return sendError(req, reply, 404, ErrorCode.NotFound);
    }
    return webStatic.fallback(req, reply);
  });
  await app.register(webStatic.plugin, { root: deps.config.webDist });
  return app;
}
