// Signed query tokens for URLs the browser opens without headers (<img src>, a download in a new tab).
// A token binds a user to one scope (a dataset's images, or one download) until an expiry. Expiries are
// rounded to the hour so a URL stays the same for an hour and the browser cache keeps working.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR = 3600;

export class MediaSigner {
  constructor(private readonly key: Uint8Array) {}

  private mac(body: string) {
    return createHmac('sha256', this.key).update(`media:${body}`).digest('base64url').slice(0, 32);
  }

  /** Valid for at least `ttlSec` (default 1 h) and at most one hour more. */
  sign(userId: number, scope: string, ttlSec = HOUR, now = Date.now()): string {
    const exp = (Math.floor(now / 1000 / HOUR) + 1) * HOUR + ttlSec;
    const body = `${userId}.${exp}`;
    return `${body}.${this.mac(`${body}.${scope}`)}`;
  }

  /** The user id the token was issued to, or null when forged, for another scope or expired. */
  verify(token: string | undefined, scope: string, now = Date.now()): number | null {
    if (!token) return null;
    const m = /^(\d+)\.(\d+)\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!m) return null;
    const expected = Buffer.from(this.mac(`${m[1]}.${m[2]}.${scope}`));
    const given = Buffer.from(m[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    if (Number(m[2]) * 1000 < now) return null;
    return Number(m[1]);
  }
}

export const datasetMediaScope = (datasetId: number) => `dataset:${datasetId}`;
export const downloadScope = (jobId: string) => `download:${jobId}`;
