import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream } from '../event-stream';
import { clearToken, storeToken } from '../token';

class FakeES {
  static all: FakeES[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, (e: MessageEvent) => void>();
  constructor(public url: string) {
    FakeES.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.closed = true;
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('openEventStream', () => {
  let n = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeES.all = [];
    n = 0;
    storeToken('secret-access-token', 900);
    vi.stubGlobal('EventSource', FakeES);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toBe('/api/auth/sse-ticket');
        expect(init?.method).toBe('POST');
        return new Response(JSON.stringify({ data: { ticket: `t${++n}`, expiresIn: 30 } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    clearToken();
  });

  it('connects with a single-use ticket, never the access token, and a fresh ticket after a drop', async () => {
    const seen: unknown[] = [];
    const close = openEventStream('/api/jobs/1/events', { a: 1 }, { job: (d) => seen.push(d) });
    await vi.waitFor(() => expect(FakeES.all).toHaveLength(1));
    const first = FakeES.all[0]!;
    expect(first.url).toBe('/api/jobs/1/events?a=1&ticket=t1');
    expect(first.url).not.toContain('secret-access-token');
    first.listeners.get('job')!(new MessageEvent('job', { data: '{"x":1}' }));
    expect(seen).toEqual([{ x: 1 }]);

    first.onerror!(); // connection dropped: the spent ticket is not reused
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    await vi.waitFor(() => expect(FakeES.all).toHaveLength(2));
    expect(FakeES.all[1]!.url).toBe('/api/jobs/1/events?a=1&ticket=t2');

    close();
    expect(FakeES.all[1]!.closed).toBe(true);
    FakeES.all[1]!.onerror?.();
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeES.all).toHaveLength(2); // closed for good
  });
});
