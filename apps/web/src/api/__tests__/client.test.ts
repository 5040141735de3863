import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CancelledError } from '../api-error';
import { cancelAll, inFlightCount } from '../cancel-registry';
import { api, handleSessionAnswer, setSessionHandlers } from '../client';
import { clearToken, storeToken } from '../token';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const handlers = { onUnauthorized: vi.fn(), onMaintenance: vi.fn(), onAccountExpired: vi.fn() };
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setSessionHandlers(handlers);
    clearToken();
    Object.values(handlers).forEach((h) => h.mockReset());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the bearer token and the locale header, and unwraps {data}', async () => {
    storeToken('tok', 900);
    fetchMock.mockResolvedValue(json(200, { data: { id: 3 } }));
    await expect(api.get('/api/x', { query: { page: 2, q: '', perPage: 10 } })).resolves.toEqual({ id: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x?page=2&perPage=10');
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(init.headers['x-locale']).toMatch(/^(ko|en)$/);
  });

  it('returns token answers unwrapped as they are', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 't', expiresIn: 60 }));
    await expect(api.post('/api/auth/login', { username: 'a', password: 'b' })).resolves.toEqual({
      token: 't',
      expiresIn: 60,
    });
    expect(fetchMock.mock.calls[0]![1].headers['Content-Type']).toBe('application/json');
  });

  it('throws ApiError with the server code, message and field', async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: { code: 'USERNAME_TAKEN', message: 'taken', field: 'username' } }),
    );
    const err = await api.post('/api/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'USERNAME_TAKEN', message: 'taken', field: 'username' });
  });

  it('ends the session on 401 only when a token was sent', async () => {
    fetchMock.mockResolvedValue(json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'wrong' } }));
    await api.post('/api/auth/login', {}).catch(() => {});
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
    storeToken('tok', 900);
    fetchMock.mockResolvedValue(json(401, { error: { code: 'SESSION_EXPIRED', message: 'x' } }));
    await api.get('/api/y').catch(() => {});
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reacts to maintenance and expired trial answers', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'MAINTENANCE', message: 'm' } }));
    await api.get('/api/a').catch(() => {});
    expect(handlers.onMaintenance).toHaveBeenCalledWith('m');
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'ACCOUNT_EXPIRED', message: 'e' } }));
    await api.get('/api/b').catch(() => {});
    expect(handlers.onAccountExpired).toHaveBeenCalledWith('e');
  });

  it('is cancellable through the registry and reports cancellation distinctly', async () => {
    fetchMock.mockImplementation(
      (_u: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
        ),
    );
    const p = api.get('/api/slow');
    expect(inFlightCount()).toBe(1);
    cancelAll();
    await expect(p).rejects.toBeInstanceOf(CancelledError);
    expect(inFlightCount()).toBe(0);
  });

  it('times out after 60 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_u: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
        ),
    );
    const p = api.get('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ code: 'TIMEOUT' });
  });
  it('exposes the same session reactions for requests made outside request() (XHR uploads)', () => {
    handleSessionAnswer(new ApiError(401, 'UNAUTHORIZED', 'expired'), true);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    handleSessionAnswer(new ApiError(401, 'UNAUTHORIZED', 'bad login'), false);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    handleSessionAnswer(new ApiError(422, 'VALIDATION', 'x'), true);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.onMaintenance).not.toHaveBeenCalled();
    expect(handlers.onAccountExpired).not.toHaveBeenCalled();
  });
});
