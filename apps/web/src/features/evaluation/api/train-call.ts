// One call of the learning/evaluation/compare route table (TRAIN_ROUTES): method and path come from the
// route definition, `:id` segments are filled by routePath(), answers are unwrapped from `{data}`.
import { routePath, type RouteDef } from '@sightline/domain';
import { request, type Query } from '../../../api/client';

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

export function trainCall<T>(route: RouteDef, opts: CallOptions = {}): Promise<T> {
  return request<T>(routePath(route.path, opts.params), {
    method: route.method,
    query: opts.query,
    body: opts.body,
    signal: opts.signal,
  });
}
