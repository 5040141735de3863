// Server-sent event streams on a hijacked Fastify reply, shared by the job, learning, evaluation and
// compare event routes: the stream headers, a ping every 15 s, one `close` (also when the client goes).
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStream {
  /** Writes `event: <event>` with `data` as JSON (nothing once closed). */
  send(event: string, data: unknown): void;
  /** Ends the stream once: runs `onClose`, stops the ping, ends the response. */
  close(): void;
  isClosed(): boolean;
}

/** Opens an SSE stream on a hijacked reply; `close` ends it once (also when the client goes). */
export function openStream(
  req: FastifyRequest,
  reply: FastifyReply,
  onClose: () => void = () => {},
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let done = false;
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
  const close = () => {
    if (done) return;
    done = true;
    clearInterval(ping);
    onClose();
    res.end();
  };
  req.raw.on('close', close);
  return {
    send: (event: string, data: unknown) => {
      if (!done) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
    isClosed: () => done,
  };
}

/** Runs `fn` once per burst of calls, one run at a time (a call during a run triggers one more). */
export function serial(fn: () => Promise<void>) {
  let busy = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      await fn();
    } finally {
      busy = false;
    }
    if (again) {
      again = false;
      await run();
    }
  };
  return run;
}

/** A sender of `event` on the stream that skips a value equal (as JSON) to the one it sent last. */
export function sendOnChange(stream: EventStream, event: string): (value: unknown) => void {
  let last = '';
  return (value) => {
    const body = JSON.stringify(value);
    if (body === last) return;
    last = body;
    stream.send(event, value);
  };
}
