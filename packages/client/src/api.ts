// HTTP client of the public REST API: logs in with SIGHTLINE_USER / SIGHTLINE_PASSWORD, sends the bearer
// token, logs in again once when the token expired, and checks JSON answers against the domain schemas.
import { errorBodySchema, routePath, tokenResponseSchema, type RouteDef } from '@sightline/domain';
import type { z } from 'zod';
import { CliError } from './errors';

export interface ClientConfig {
  url: string;
  user: string;
  password: string;
  locale: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv): ClientConfig {
  const url = env.SIGHTLINE_URL?.trim();
  if (!url) throw new CliError('CONFIG', 'SIGHTLINE_URL is not set (e.g. http://localhost:3000)');
  if (!env.SIGHTLINE_USER || !env.SIGHTLINE_PASSWORD)
    throw new CliError('CONFIG', 'SIGHTLINE_USER and SIGHTLINE_PASSWORD must be set');
  return {
    url: url.replace(/\/+$/, ''),
    user: env.SIGHTLINE_USER,
    password: env.SIGHTLINE_PASSWORD,
    locale: env.SIGHTLINE_LOCALE || 'en',
  };
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: FormData;
}

export class ApiClient {
  private token: string | null = null;

  constructor(private readonly cfg: ClientConfig) {}

  private url(path: string, query?: CallOptions['query']): string {
    const u = new URL(this.cfg.url + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  private async send(method: string, url: string, o: CallOptions): Promise<Response> {
    const headers: Record<string, string> = { 'x-locale': this.cfg.locale };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: FormData | string | undefined;
    if (o.form) body = o.form;
    else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    try {
      return await fetch(url, { method, headers, body });
    } catch (e) {
      throw new CliError(
        'NETWORK',
        `Cannot reach ${this.cfg.url}: ${(e as Error).cause ?? (e as Error).message}`,
      );
    }
  }

  private static async fail(res: Response): Promise<never> {
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const err = errorBodySchema.safeParse(parsed);
    if (err.success) throw new CliError(err.data.error.code, err.data.error.message, res.status);
    throw new CliError(`HTTP_${res.status}`, text.slice(0, 300) || res.statusText, res.status);
  }

  async login(): Promise<void> {
    this.token = null;
    const res = await this.send('POST', this.url('/api/auth/login'), {
      body: { username: this.cfg.user, password: this.cfg.password },
    });
    if (!res.ok) await ApiClient.fail(res);
    this.token = tokenResponseSchema.parse(await res.json()).token;
  }

  /** A raw call; logs in first, and once more after a 401. Rejects with the API's error on non-2xx. */
  async raw(method: string, path: string, o: CallOptions = {}): Promise<Response> {
    if (!this.token) await this.login();
    const url = this.url(routePath(path, o.params), o.query);
    let res = await this.send(method, url, o);
    if (res.status === 401) {
      await this.login();
      res = await this.send(method, url, o);
    }
    if (!res.ok) await ApiClient.fail(res);
    return res;
  }

  /** A JSON call checked against `schema`. */
  async json<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    o: CallOptions = {},
  ): Promise<z.infer<S>> {
    const res = await this.raw(method, path, o);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success)
      throw new CliError(
        'BAD_RESPONSE',
        `Unexpected answer from ${method} ${path}: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    return parsed.data;
  }

  /** A call of the route table (TRAIN_ROUTES). */
  call<R extends RouteDef & { response: z.ZodType }>(
    route: R,
    o: CallOptions = {},
  ): Promise<z.infer<R['response']>> {
    return this.json(route.method, route.path, route.response, o) as Promise<z.infer<R['response']>>;
  }
}
