// Serves apps/web/dist and answers non-/api GETs that match no file with index.html (history mode).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ErrorCode } from '@sightline/domain';
import { sendError } from '../common/error-handler';

let hasIndex = false;
const ASSET_EXTENSION =
  /\.(js|mjs|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|bmp|woff2?|ttf|otf|wasm|onnx|npy|txt|xml|pdf|zip)$/i;

async function plugin(app: FastifyInstance, opts: { root: string }) {
  hasIndex = existsSync(join(opts.root, 'index.html'));
  if (!existsSync(opts.root)) return;
  // wildcard: false serves only files present at start, so unknown paths reach the fallback.
  await app.register(fastifyStatic, { root: opts.root, wildcard: false, index: ['index.html'] });
}

function fallback(req: FastifyRequest, reply: FastifyReply) {
  // A missing file (…/app.js, favicon.ico) is a 404, not the shell. Only asset extensions count:
  // spec routes such as /train/processing/add/ai.bak or …/index.back end in a dot-suffix too.
  const path = req.url.split('?')[0] ?? '';
  if (!hasIndex || ASSET_EXTENSION.test(path)) return sendError(req, reply, 404, ErrorCode.NotFound);
  // Hashed assets may be cached; the shell must not be, or users keep a stale build.
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

// fastify-plugin: reply.sendFile must reach the root not-found handler.
export default { plugin: fp(plugin, { name: 'web-static' }), fallback };
