// A mocked Sightline server for the client tests (STYLE.md §6: client code against a mocked server):
// answers per the domain route table, checking each request against the route's zod schemas and each
// answer against its response schema, so the client and the contract cannot drift apart.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchRoutePath, TRAIN_ROUTES, type RouteDef } from '@sightline/domain';

export interface MockRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
  raw: Buffer;
}
export type MockAnswer = { status?: number; body?: unknown; bytes?: Buffer };
export type Handler = (req: MockRequest) => MockAnswer | Promise<MockAnswer>;

export interface Mock {
  url: string;
  calls: MockRequest[];
  /** Contract violations seen (request or answer not matching the route table). */
  violations: string[];
  close(): Promise<void>;
}

const EXTRA: Record<string, Pick<RouteDef, 'method' | 'path'>> = {
  login: { method: 'POST', path: '/api/auth/login' },
  projects: { method: 'GET', path: '/api/projects' },
  algorithms: { method: 'GET', path: '/api/algorithms' },
  dataset: { method: 'GET', path: '/api/v2/datasets/:id' },
  upload: { method: 'POST', path: '/api/v2/datasets/upload' },
  uploadProgress: { method: 'GET', path: '/api/v2/datasets/upload/:id/progress' },
};
const ALL: Record<string, Pick<RouteDef, 'method' | 'path'> & Partial<RouteDef>> = {
  ...TRAIN_ROUTES,
  ...EXTRA,
};
export type RouteName = keyof typeof TRAIN_ROUTES | keyof typeof EXTRA;

/** Routes by name; a request with no handler answers 404 NOT_FOUND. Tokens other than `valid` answer 401. */
export async function startMock(
  handlers: Partial<Record<RouteName, Handler>>,
  valid: () => string = () => 'tok-1',
): Promise<Mock> {
  const calls: MockRequest[] = [];
  const violations: string[] = [];
  // Static paths before parameterised ones (as Fastify does).
  const entries = Object.entries(ALL).sort(
    ([, a], [, b]) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
  );
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const u = new URL(req.url!, 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    let name: string | undefined;
    let params: Record<string, string> = {};
    for (const [n, r] of entries) {
      const m = r.method === req.method ? matchRoutePath(r.path, u.pathname) : null;
      if (m) {
        name = n;
        params = m;
        break;
      }
    }
    const isJson = (req.headers['content-type'] ?? '').startsWith('application/json');
    const mr: MockRequest = {
      method: req.method!,
      path: u.pathname,
      params,
      query: Object.fromEntries(u.searchParams),
      headers: req.headers,
      body: isJson ? JSON.parse(raw.toString() || 'null') : undefined,
      raw,
    };
    calls.push(mr);
    const h = name ? handlers[name as RouteName] : undefined;
    if (!name || !h)
      return send(404, { error: { code: 'NOT_FOUND', message: `no mock for ${req.method} ${u.pathname}` } });
    if (name !== 'login' && req.headers.authorization !== `Bearer ${valid()}`)
      return send(401, {
        error: { code: 'SESSION_EXPIRED', message: 'The session has expired. Please log in again.' },
      });
    const route = ALL[name]!;
    for (const [part, schema, value] of [
      ['params', route.params, params],
      ['query', route.query, mr.query],
      ['body', route.body, mr.body],
    ] as const) {
      const r = schema?.safeParse(value);
      if (r && !r.success) violations.push(`${name} ${part}: ${JSON.stringify(r.error.issues)}`);
    }
    const a = await h(mr);
    const status = a.status ?? route.status ?? 200;
    if (a.bytes) return res.writeHead(status, { 'content-type': 'application/octet-stream' }).end(a.bytes);
    if (status < 300 && route.response) {
      const r = route.response.safeParse(a.body);
      if (!r.success) violations.push(`${name} response: ${JSON.stringify(r.error.issues)}`);
    }
    send(status, a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    violations,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
