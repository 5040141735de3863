// The one fetch wrapper (SPEC §7): bearer token, x-locale header, 60 s timeout, cancellable,
// https upgrade when the server says ssl, and the session-level reactions of SPEC §8.
import { ErrorCode, LOCALE_HEADER, REQUEST_TIMEOUT_MS } from '@sightline/domain';
import { getAppConfig } from '../config/app-config';
import { currentLocale } from '../i18n';
import { ApiError, CancelledError } from './api-error';
import { register } from './cancel-registry';
import { getToken } from './token';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A plain object is sent as JSON; FormData/Blob are sent as they are. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** 'blob' for file downloads; default 'json'. */
  responseType?: 'json' | 'blob';
}

/** Session reactions are injected by the session module to keep this file free of React state. */
export interface SessionHandlers {
  onUnauthorized(): void;
  onMaintenance(message: string): void;
  onAccountExpired(message: string): void;
}
let handlers: SessionHandlers | null = null;
export const setSessionHandlers = (h: SessionHandlers) => {
  handlers = h;
};

/**
 * Session-level answers end the session wherever they come from (SPEC §4, §8): maintenance, an
 * expired (trial) account, or a 401 for a request that carried a token (an expired session).
 * Exported so requests that cannot go through request() (XHR uploads with progress) react the same.
 */
export function handleSessionAnswer(err: ApiError, sentToken: boolean): void {
  if (err.status === 503 && err.code === ErrorCode.Maintenance) handlers?.onMaintenance(err.message);
  else if (err.status === 403 && err.code === ErrorCode.AccountExpired)
    handlers?.onAccountExpired(err.message);
  else if (err.status === 401 && sentToken) handlers?.onUnauthorized();
}

/** Same-origin by default; switched to https when the configuration says ssl (SPEC §7). */
export function apiBase(): string {
  if (getAppConfig().ssl && typeof location !== 'undefined' && location.protocol === 'http:') {
    return `https://${location.host}`;
  }
  return '';
}

export function buildUrl(path: string, query?: Query): string {
  const url = new URL(
    apiBase() + path,
    typeof location !== 'undefined' ? location.origin : 'http://localhost',
  );
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.origin === (typeof location !== 'undefined' ? location.origin : '')
    ? url.pathname + url.search
    : url.href;
}

async function readError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (proxy page, empty body): fall through with no message.
  }
  const e = (
    body as { error?: { code?: string; message?: string; field?: string; details?: unknown } } | null
  )?.error;
  const detail = (body as { detail?: { message?: string }; message?: string } | null) ?? null;
  const message = e?.message ?? detail?.detail?.message ?? detail?.message ?? '';
  return new ApiError(res.status, e?.code ?? String(res.status), message, e?.field, e?.details);
}

export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const unregister = register(controller);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = { [LOCALE_HEADER]: currentLocale(), ...opts.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof Blob) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }

  try {
    let res: Response;
    try {
      res = await fetch(buildUrl(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', '');
      if (controller.signal.aborted) throw new CancelledError();
      throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : '');
    }
    if (!res.ok) {
      const err = await readError(res);
      handleSessionAnswer(err, Boolean(token));
      throw err;
    }
    if (opts.responseType === 'blob') return (await res.blob()) as T;
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!text) return undefined as T;
    const json = JSON.parse(text) as unknown;
    // Success answers are {data: ...}; login/refresh answer {token, expiresIn} without a wrapper.
    if (json && typeof json === 'object' && 'data' in json) return (json as { data: T }).data;
    return json as T;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    unregister();
  }
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;
export const api = {
  get: <T>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Opts) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'DELETE' }),
};

/** A list answer: {data: [...], total}. */
export interface Paged<T> {
  data: T[];
  total: number;
}
