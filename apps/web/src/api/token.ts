// The access token lives in sessionStorage (SPEC §4); the refresh token is an httpOnly cookie.
const TOKEN_KEY = 'sightline.token';
const EXPIRES_KEY = 'sightline.tokenExpiresAt';

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

/** Expiry as epoch ms, or null when unknown. */
export function getTokenExpiry(): number | null {
  const v = Number(sessionStorage.getItem(EXPIRES_KEY));
  return Number.isFinite(v) && v > 0 ? v : null;
}

export function storeToken(token: string, expiresInSeconds: number): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(EXPIRES_KEY, String(Date.now() + expiresInSeconds * 1000));
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(EXPIRES_KEY);
}
