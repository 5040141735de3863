// Serves apps/web/dist and answers non-/api GETs that match no file with index.html (history mode).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ErrorCode } from '@sightline/domain';
import { sendError } from '../http/error-handler';

let hasIndex = false;

async function plugin(app: FastifyInstance, opts: { root: string }) {
  hasIndex = existsSync(join(opts.root, 'index.html'));
  if (!existsSync(opts.root)) return;
  // wildcard: false serves only files present at start, so unknown paths reach the fallback.
  await app.register(fastifyStatic, { root: opts.root, wildcard: false, index: ['index.html'] });
}

function fallback(req: FastifyRequest, reply: FastifyReply) {
  // A missing file (…/app.js, favicon.ico) is a 404, not the shell.
  const path = req.url.split('?')[0] ?? '';
  if (!hasIndex || /\.[A-Za-z0-9]+$/.test(path)) return sendError(req, reply, 404, ErrorCode.NotFound);
  // Hashed assets may be cached; the shell must not be, or users keep a stale build.
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

// fastify-plugin: reply.sendFile must reach the root not-found handler.
export default { plugin: fp(plugin, { name: 'web-static' }), fallback };
