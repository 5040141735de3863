// JSON bodies must be valid UTF-8. Fastify's own parser decodes with replacement characters, so a body
// with broken bytes was accepted (and, e.g., compared as a password). This parser reads the raw bytes,
// refuses invalid UTF-8 with 400 INVALID_ENCODING, then hands the text to Fastify's default JSON parser
// (same prototype-poisoning protection and errors as before).
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@sightline/domain';
import { AppError } from './app-error';

export function strictUtf8Json(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const buf = body as Buffer;
    if (!isUtf8(buf)) {
      done(new AppError(ErrorCode.InvalidEncoding, 400), undefined);
      return;
    }
    parseJson(req, buf.toString('utf8'), done);
  });
}
