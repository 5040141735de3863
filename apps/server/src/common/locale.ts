// The locale of a request: x-locale header, else Accept-Language, else ko (SPEC §7).
import type { FastifyRequest } from 'fastify';
import { LOCALE_HEADER, pickLocale, type Locale } from '@sightline/domain';

export function requestLocale(req: FastifyRequest): Locale {
  const h = req.headers[LOCALE_HEADER];
  return pickLocale(Array.isArray(h) ? h[0] : h, req.headers['accept-language']);
}
