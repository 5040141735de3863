// Server-sent events with a single-use ticket. EventSource cannot send an Authorization header and an
// access token in a URL ends up in logs, so each connection first asks POST /api/auth/sse-ticket for a
// ticket (valid 30 s, good for one connection) and opens `path?…&ticket=`. When the connection drops,
// EventSource's own retry would reuse the spent ticket: instead the source is closed and a new one opened
// with a new ticket, after a growing pause (1 s … 30 s).
import { api, buildUrl } from './client';

export type EventHandlers = Record<string, (data: unknown) => void>;

const MAX_PAUSE_MS = 30_000;

/** Opens an event stream and calls the handler of each named event with its parsed JSON; returns close(). */
export function openEventStream(
  path: string,
  query: Record<string, string | number>,
  handlers: EventHandlers,
): () => void {
  const ES = (globalThis as { EventSource?: typeof EventSource }).EventSource;
  if (!ES) return () => undefined;
  let closed = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pause = 1000;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), pause);
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  };

  const connect = async () => {
    timer = null;
    let ticket: string;
    try {
      ticket = (await api.post<{ ticket: string }>('/api/auth/sse-ticket')).ticket;
    } catch {
      retry(); // 401 is handled by the session (back to login); anything else: try again later
      return;
    }
    if (closed) return;
    const es = new ES(buildUrl(path, { ...query, ticket }));
    source = es;
    for (const [name, fn] of Object.entries(handlers)) {
      es.addEventListener(name, (e) => {
        try {
          fn(JSON.parse((e as MessageEvent<string>).data));
        } catch {
          // A malformed event is skipped; the next one carries the full state again.
        }
      });
    }
    es.onopen = () => {
      pause = 1000;
    };
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  };

  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
