// Request logging at the default level (issue 21): no line for an ordinary request, one info line for
// a failed or slow one; at debug every request is logged.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from '../src/common/request-log';

async function run(level: string, url: string, slowMs = 10_000) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController(slowMs) });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/slow', async () => new Promise((r) => setTimeout(() => r({ ok: true }), 300)));
  app.get('/boom', async (_req, reply) => reply.status(503).send({ down: true }));
  await app.inject({ url });
  await app.close();
  return lines.filter((l) => /request/.test(l.msg));
}

describe('request log lines', () => {
  it('logs nothing for an ordinary request at info', async () => {
    expect(await run('info', '/ok')).toEqual([]);
  });

  it('logs slow and failed requests at info', async () => {
    expect((await run('info', '/slow', 100)).map((l) => [l.level, l.msg])).toEqual([[30, 'slow request']]);
    expect((await run('info', '/boom')).map((l) => [l.level, l.msg])).toEqual([[30, 'request failed']]);
  });

  it('logs every request at debug', async () => {
    expect((await run('debug', '/ok')).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });
});
