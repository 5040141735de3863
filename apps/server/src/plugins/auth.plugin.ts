// app.authenticate (any signed-in user) and app.requireRole(...roles) preHandlers. Both leave
// req.actor (domain Actor with project permissions) and req.authUser (the user row) on the request.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ErrorCode, type Actor, type RoleId } from '@sightline/domain';
import { AppError } from '../common/app-error';
import type { UserRow } from '@sightline/db';
import { UserRepository } from '../features/user/user.repository';
import { isSessionAlive } from '../features/auth/session-liveness';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    requireRole: (...roles: RoleId[]) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    actor: Actor;
    authUser: UserRow;
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !h.toLowerCase().startsWith('bearer ')) return null;
  return h.slice(7).trim() || null;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const users = new UserRepository(app.deps.database.db);
    const { tokens, accountGuard } = app.deps;

    const authenticate: preHandlerAsyncHookHandler = async (req) => {
      const token = bearer(req);
      if (!token) throw AppError.unauthorized();
      const claims = await tokens.verifyAccess(token);
      if (!claims) throw AppError.unauthorized(ErrorCode.SessionExpired);
      // Logged out (or every session ended): the token dies with its session, not 15 minutes later.
      if (claims.sid !== null && !(await isSessionAlive(app.deps.database.db, claims.sid))) {
        throw AppError.unauthorized(ErrorCode.SessionExpired);
      }
      const found = await users.findWithPermissions(Number(claims.sub));
      if (!found) throw AppError.unauthorized(ErrorCode.SessionExpired);
      const { user, permissions } = found;
      await accountGuard.check(user);
      req.authUser = user;
      req.actor = {
        id: user.id,
        roleId: user.roleId as RoleId,
        companyId: user.companyId,
        projectPermissions: permissions,
      };
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: RoleId[]): preHandlerAsyncHookHandler => {
      return async function (this: FastifyInstance, req, reply) {
        await authenticate.call(this, req, reply);
        if (!roles.includes(req.actor.roleId)) throw AppError.forbidden();
      };
    });
  },
  { name: 'auth' },
);
