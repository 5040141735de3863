// The tenancy feature's calls go through the shell's client (which unwraps `{ data }`); this only adds
// the query-string shorthand the list hooks use. Errors stay ApiError (status, code, message, field).
import { api, type Query } from './client';

export const http = {
  get: <T>(path: string, query?: Query) => api.get<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => api.post<T>(path, body),
  patch: <T>(path: string, body?: unknown) => api.patch<T>(path, body),
  put: <T>(path: string, body?: unknown) => api.put<T>(path, body),
  del: <T>(path: string) => api.delete<T>(path),
};
