// `sightline edge --line CODE`: runs the line's deployed model next to the camera (packages/client
// src/edge/runner.ts does the work). Images come from one of:
//   --dir DIR     a folder the camera writes into: each new image is judged (serial = file name without
//                 its extension), then moved to DIR/judged/ (or deleted with --delete); --once judges
//                 what is there, uploads, and exits
//   --stdin       lines `FILE [SERIAL]` on stdin (serial defaults to the file name); ends with stdin
//   --port N      the server's inspection API on http://HOST:N/api/v2/lines/CODE/inspect (same request,
//                 same x-line-key, same answer), so a camera can be pointed at the edge unchanged
// Every judgement is printed as one JSON line; the last line is a summary (judged, uploaded, pending).
// State (models, outbox of results not yet on the server): --state DIR (default ./.sightline-edge/CODE).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { INSPECTION_BATCH_MAX } from '@sightline/domain';
import { CliError, usage } from '../errors';
import { EdgeRunner, type EdgeJudgement } from '../edge/runner';
import { lineTarget } from './inspect';

const IMAGE_EXT = new Set(['.jpg', '.jpeg', '.png', '.bmp', '.tif', '.tiff', '.webp']);

export interface EdgeCommandOptions {
  line?: string;
  key?: string;
  state?: string;
  dir?: string;
  stdin?: boolean;
  port?: string;
  host?: string;
  once?: boolean;
  delete?: boolean;
  poll?: string;
}

export interface EdgeIo {
  /** One JSON line per judgement (stdout). */
  emit(value: unknown): void;
  progress(line: string): void;
  /** Aborted on SIGINT/SIGTERM (the CLI) or by a test. */
  signal?: AbortSignal;
  stdin?: NodeJS.ReadableStream;
}

const serialOf = (file: string) => basename(file, extname(file));

function errorOf(e: unknown) {
  const err = e instanceof CliError ? e : new CliError('INTERNAL', (e as Error)?.message ?? String(e));
  return { code: err.code, message: err.message };
}

const untilAborted = (signal: AbortSignal | undefined, ms: number) =>
  new Promise<void>((r) => {
    const t = setTimeout(r, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), r()), { once: true });
  });

/** The folder mode: judges new images, moving each out of the way once its result is in the outbox. */
async function watchDir(runner: EdgeRunner, dir: string, o: EdgeCommandOptions, io: EdgeIo) {
  const judgedDir = join(dir, 'judged');
  const invalidDir = join(dir, 'invalid');
  for (;;) {
    const names = (
      await readdir(dir, { withFileTypes: true }).catch(() => {
        throw usage(`Cannot read the folder ${dir}`);
      })
    )
      .filter((e) => e.isFile() && IMAGE_EXT.has(extname(e.name).toLowerCase()))
      .map((e) => e.name)
      .sort();
    for (const name of names) {
      const path = join(dir, name);
      const st = await stat(path).catch(() => null);
      // A file still being written by the camera is left for the next scan.
      if (!st || (!o.once && Date.now() - st.mtimeMs < 300)) continue;
      const image = await readFile(path);
      try {
        io.emit(await runner.judge(image, serialOf(name)));
        if (o.delete) await rm(path, { force: true });
        else await mkdir(judgedDir, { recursive: true }).then(() => rename(path, join(judgedDir, name)));
      } catch (e) {
        io.emit({ file: name, error: errorOf(e) });
        if (e instanceof CliError && e.code === 'IMAGE_INVALID')
          await mkdir(invalidDir, { recursive: true }).then(() => rename(path, join(invalidDir, name)));
        else throw e;
      }
      if (io.signal?.aborted) return;
    }
    if (o.once || io.signal?.aborted) return;
    await untilAborted(io.signal, 250);
    if (io.signal?.aborted) return;
  }
}

async function readStdin(runner: EdgeRunner, io: EdgeIo) {
  const rl = createInterface({ input: io.stdin ?? process.stdin, crlfDelay: Infinity });
  io.signal?.addEventListener('abort', () => rl.close(), { once: true });
  for await (const raw of rl) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(.*?)(?:\s+(\S+))?$/.exec(line)!;
    // A path with spaces and no serial: the whole line is the path when it exists.
    const [file, serial] = (await stat(line).catch(() => null)) ? [line, undefined] : [m[1]!, m[2]];
    try {
      io.emit(await runner.judge(await readFile(file), serial ?? serialOf(file)));
    } catch (e) {
      io.emit({ file, error: errorOf(e) });
    }
  }
}

/** The server's answer shape for one image (id = the edge's request id until the server stores it). */
const asInspection = (line: string, j: EdgeJudgement) => ({
  id: j.request_id,
  line_code: line,
  serial_number: j.serial_number,
  judgement: j.judgement,
  class_name: j.class_name,
  score: j.score,
  boxes: j.boxes,
  regions: j.regions.map((r) => ({ class_name: r.class_name, area: r.area })),
  anomaly_score: j.anomaly_score,
  latency_ms: j.latency_ms,
  created_at: j.judged_at,
  deployment_id: j.deployment_id,
  request_id: j.request_id,
});

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of req) {
    n += (c as Buffer).length;
    if (n > 60 * 1024 * 1024) throw new CliError('PAYLOAD_TOO_LARGE', 'The request is too large');
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

async function inspectRequest(req: IncomingMessage, runner: EdgeRunner, line: string, key: string) {
  if (req.headers['x-line-key'] !== key)
    throw new CliError(
      req.headers['x-line-key'] ? 'LINE_KEY_INVALID' : 'LINE_KEY_REQUIRED',
      'The line API key is wrong or missing.',
      401,
    );
  const url = new URL(req.url ?? '/', 'http://edge');
  const type = req.headers['content-type'] ?? '';
  const body = await readBody(req);
  const items: { serial: string; image: Buffer }[] = [];
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    const serials = form.getAll('serial').map(String);
    const images = form.getAll('image').filter((x) => typeof x !== 'string');
    if (images.length > INSPECTION_BATCH_MAX)
      throw new CliError('BATCH_TOO_LARGE', `At most ${INSPECTION_BATCH_MAX} images per request`, 400);
    if (serials.length !== images.length)
      throw new CliError('SERIAL_REQUIRED', 'A serial number is required for each image', 400);
    for (const [i, f] of images.entries())
      items.push({ serial: serials[i]!, image: Buffer.from(await (f as Blob).arrayBuffer()) });
  } else {
    const serial = url.searchParams.get('serial') ?? (req.headers['x-serial-number'] as string | undefined);
    if (!serial?.trim()) throw new CliError('SERIAL_REQUIRED', 'A serial number is required', 400);
    items.push({ serial, image: body });
  }
  if (!items.length || items.some((x) => !x.image.length))
    throw new CliError('IMAGE_REQUIRED', 'An image is required', 400);
  const out = [];
  for (const it of items) out.push(asInspection(line, await runner.judge(it.image, it.serial)));
  return out;
}

async function serveHttp(runner: EdgeRunner, line: string, key: string, o: EdgeCommandOptions, io: EdgeIo) {
  const port = Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usage('--port must be a port number');
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://edge').pathname;
      if (req.method === 'GET' && path === '/health')
        return send(res, 200, {
          data: { line, deployment_id: runner.deployment?.id ?? null, pending: await runner.pending() },
        });
      const m = /^\/api\/v2\/lines\/([^/]+)\/inspect$/.exec(path);
      if (req.method !== 'POST' || !m || decodeURIComponent(m[1]!).toLowerCase() !== line.toLowerCase())
        return send(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      try {
        const data = await inspectRequest(req, runner, line, key);
        for (const d of data) io.emit(d);
        send(res, 200, { data });
      } catch (e) {
        const status = e instanceof CliError ? (e.status ?? (e.code === 'IMAGE_INVALID' ? 400 : 500)) : 500;
        send(res, status, { error: errorOf(e) });
      }
    })();
  });
  await new Promise<void>((r, j) => {
    server.once('error', j);
    server.listen(port, o.host ?? '127.0.0.1', () => r());
  });
  const addr = server.address() as { port: number };
  io.progress(`edge: listening on http://${o.host ?? '127.0.0.1'}:${addr.port}/api/v2/lines/${line}/inspect`);
  io.emit({ listening: addr.port });
  await new Promise<void>((r) => {
    if (io.signal?.aborted) r();
    io.signal?.addEventListener('abort', () => r(), { once: true });
  });
  await new Promise<void>((r) => server.close(() => r()));
}

export async function edgeCommand(env: NodeJS.ProcessEnv, o: EdgeCommandOptions, io: EdgeIo) {
  const t = lineTarget(env, o);
  const modes = [o.dir !== undefined, !!o.stdin, o.port !== undefined].filter(Boolean).length;
  if (modes !== 1) throw usage('Give exactly one of --dir DIR, --stdin or --port N');
  const poll = o.poll === undefined ? 10 : Number(o.poll);
  if (!(poll > 0)) throw usage('--poll must be a positive number of seconds');
  const stateDir = resolve(o.state ?? env.SIGHTLINE_EDGE_STATE ?? join('.sightline-edge', t.line));
  const runner = new EdgeRunner({ ...t, stateDir, pollMs: poll * 1000, log: io.progress });
  await runner.start({ background: true });
  let deploymentId = runner.deployment?.id ?? null;
  try {
    if (o.dir !== undefined) await watchDir(runner, o.dir, o, io);
    else if (o.stdin) await readStdin(runner, io);
    else await serveHttp(runner, t.line, t.key, o, io);
  } finally {
    // A last upload (tried three times: one failed request is no reason to leave results behind);
    // whatever stays pending is uploaded by the next run.
    let last = await runner.flush().catch(() => null);
    for (let i = 0; i < 2 && last?.error && last.pending; i++) {
      await new Promise((r) => setTimeout(r, 500));
      last = await runner.flush().catch(() => null);
    }
    deploymentId = runner.deployment?.id ?? deploymentId;
    await runner.stop();
    if (last?.error) io.progress(`edge: ${last.pending} results stay in ${stateDir} until the link is back`);
  }
  return {
    line: t.line,
    deployment_id: deploymentId,
    ...runner.stats,
    pending: await runner.pending(),
    state: stateDir,
  };
}
