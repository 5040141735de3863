// The Fastify app factory: plugins, error handling, then every feature of features/index.ts.
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
import { registerErrorHandling, sendError } from './common/error-handler';
import { codedValidation } from './common/coded-validation';
import { RequestLogController } from './common/request-log';
import { securityHeaders } from './common/security-headers';
import { databaseGuard } from './common/database-guard';
import { strictUtf8Json } from './common/utf8-json';
import { PgListener } from '@sightline/db';
import authPlugin from './plugins/auth.plugin';
import webStatic from './plugins/web-static.plugin';
import { registerFeatures } from './features';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    // Requests at debug; failed and slow ones (> SLOW_REQUEST_MS) at info.
    logController: new RequestLogController(deps.config.slowRequestMs),
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  // The one LISTEN connection of this app for the features' live events (@sightline/db PgListener).
  app.decorate('pgEvents', new PgListener(deps.database.url));
  app.addHook('onClose', () => app.pgEvents.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Security headers on every response; JSON bodies must be valid UTF-8.
  securityHeaders(app);
  strictUtf8Json(app);
  // While PostgreSQL is unreachable: 503 DATABASE_UNAVAILABLE + Retry-After, one log line per outage.
  databaseGuard(app);
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

  // Every feature's routes, from the one list in features/index.ts.
  await registerFeatures(app);

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
