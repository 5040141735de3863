// A fetch mock that answers the learning/evaluation/compare route table: every request must match a
// TRAIN_ROUTES entry (method + path), its query and body must pass the route's zod schemas, and every
// answer must pass the route's response schema, so the web is held to the same contract as the server.
import { vi } from 'vitest';
import { TRAIN_ROUTES, matchRoutePath, type RouteDef } from '@sightline/domain';

export interface Seen {
  route: string;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export type Handler = (req: Seen) => { status?: number; body: unknown } | unknown;

export interface MockServer {
  requests: Seen[];
  /** Requests of one route name. */
  of: (route: string) => Seen[];
  fetch: ReturnType<typeof vi.fn>;
}

/** `handlers` answer per route name (the `data` part, or {status, body} for an error / raw answer); others answer by `extra`. */
export function mockTrainServer(
  handlers: Partial<Record<keyof typeof TRAIN_ROUTES, Handler>>,
  extra: (url: URL, init?: RequestInit) => unknown = () => ({ data: { data: [], total: 0 } }),
): MockServer {
  const requests: Seen[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const entries = Object.entries(TRAIN_ROUTES) as [string, RouteDef][];
    // Static paths first, as Fastify does (check-name, events before :id).
    const hit = entries
      .filter(([, r]) => r.method === method)
      .map(([name, r]) => ({ name, r, params: matchRoutePath(r.path, url.pathname) }))
      .filter((m) => m.params)
      .sort((a, b) => a.r.path.split(':').length - b.r.path.split(':').length)[0];
    if (!hit) return json(200, extra(url, init));
    const query = Object.fromEntries(url.searchParams);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (hit.r.params) hit.r.params.parse(hit.params);
    if (hit.r.query) hit.r.query.parse(query);
    else if (url.searchParams.size) throw new Error(`${hit.name} takes no query, got ${url.search}`);
    if (hit.r.body) hit.r.body.parse(body);
    const seen: Seen = { route: hit.name, method, path: url.pathname, params: hit.params!, query, body };
    requests.push(seen);
    const handler = handlers[hit.name as keyof typeof TRAIN_ROUTES];
    if (!handler) throw new Error(`no mock answer for ${hit.name}`);
    const out = handler(seen);
    if (out && typeof out === 'object' && 'status' in out && 'body' in out) {
      const o = out as { status: number; body: unknown };
      return json(o.status, o.body);
    }
    const answer = { data: out };
    if (hit.r.response) hit.r.response.parse(answer);
    return json(hit.r.status ?? 200, answer);
  });
  return { requests, of: (route) => requests.filter((r) => r.route === route), fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
