// Access tokens (HS256 JWT, ~15 min) and opaque refresh tokens (random, stored as SHA-256 hashes).
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AccessTokenClaims } from '@sightline/domain';

type VerifiedClaims = AccessTokenClaims & { sid: number | null };

/** Verified tokens kept so a busy client does not pay an HMAC check per request; bounded. */
const MAX_VERIFIED = 10_000;

export class TokenService {
  // A token's signature check has one answer for its lifetime: cache the claims until it expires.
  // Revocation is not the token's business (the session check in the auth plugin does that).
  private readonly verified = new Map<string, { claims: VerifiedClaims; expMs: number }>();

  constructor(
    private readonly secret: Uint8Array,
    readonly accessTtlSec: number,
  ) {}

  /** `sessionId`: the refresh_tokens row of the login; logout of that session refuses the token at once. */
  async signAccess(
    user: { id: number; roleId: number; companyId: number | null },
    sessionId?: number,
  ): Promise<string> {
    const claims: Record<string, unknown> = { role: user.roleId, company: user.companyId };
    if (sessionId !== undefined) claims.sid = sessionId;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSec}s`)
      .sign(this.secret);
  }

  /** The claims, or null when the token is malformed, forged or expired. */
  async verifyAccess(token: string): Promise<VerifiedClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (Date.now() < hit.expMs) return hit.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      if (!payload.sub) return null;
      const claims: VerifiedClaims = {
        sub: payload.sub,
        role: Number(payload.role),
        company: (payload.company as number | null) ?? null,
        sid: typeof payload.sid === 'number' ? payload.sid : null,
      };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
        this.verified.set(token, { claims, expMs: payload.exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  }

  static newRefreshToken(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: TokenService.hashRefresh(token) };
  }

  static hashRefresh(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
