// Security headers on every response (web pages, static files, API, errors).
// The Content-Security-Policy is one the app runs under: scripts only from this origin, plus
// 'wasm-unsafe-eval' so onnxruntime-web can compile its WebAssembly; inline styles (Mantine and
// Swagger UI set style attributes and <style> tags); images from data:/blob: (previews, canvases);
// workers from blob: (onnxruntime-web's proxy worker); never framed (clickjacking).
import type { FastifyInstance } from 'fastify';

/** The policy; `extraOrigin` (IMAGE_BASE_URL's origin, when files are served elsewhere) may serve images. */
export function contentSecurityPolicy(extraOrigin = ''): string {
  const more = extraOrigin ? ` ${extraOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${more}`,
    "font-src 'self' data:",
    `connect-src 'self'${more}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

const originOf = (url: string) => {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
};

export function securityHeaders(app: FastifyInstance): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(originOf(app.deps.config.imageBaseUrl)),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
}
