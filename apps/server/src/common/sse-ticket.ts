// EventSource cannot send an Authorization header, and an access token in the query string ends up in
// logs. Instead the page asks POST /api/auth/sse-ticket (with its bearer token) for a ticket: random,
// single-use, valid for SSE_TICKET_TTL_MS, kept in this process's memory. An SSE route given `?ticket=`
// trades it for the bearer token it stands for; authentication then runs as for any request (so a
// logged-out session is refused even with a fresh ticket). The ticket also carries the locale the page
// asked in (x-locale), since EventSource cannot send that header either: the stream's texts follow the UI.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCALE_HEADER, type Locale } from '@sightline/domain';

export const SSE_TICKET_TTL_MS = 30_000;
const MAX_TICKETS = 10_000;

const tickets = new Map<string, { token: string; locale: Locale; expires: number }>();

function sweep(now: number) {
  for (const [k, v] of tickets) if (v.expires <= now) tickets.delete(k);
}

export function issueSseTicket(bearerToken: string, locale: Locale): { ticket: string; expiresIn: number } {
  const now = Date.now();
  sweep(now);
  if (tickets.size >= MAX_TICKETS) tickets.delete(tickets.keys().next().value!);
  const ticket = randomBytes(24).toString('base64url');
  tickets.set(ticket, { token: bearerToken, locale, expires: now + SSE_TICKET_TTL_MS });
  return { ticket, expiresIn: Math.floor(SSE_TICKET_TTL_MS / 1000) };
}

/** The query of an SSE route. */
export const sseTicketQuery = z.object({ ticket: z.string().max(64).optional() });

/**
 * Before `authenticate` on an SSE route: a `?ticket=` (used up here, valid or not) becomes the request's
 * bearer token. A request that already sends Authorization keeps it.
 */
export async function ticketToBearer(req: FastifyRequest): Promise<void> {
  const ticket = (req.query as { ticket?: unknown }).ticket;
  if (typeof ticket !== 'string' || !ticket) return;
  const entry = tickets.get(ticket);
  tickets.delete(ticket);
  if (!req.headers.authorization && entry && entry.expires > Date.now()) {
    req.headers.authorization = `Bearer ${entry.token}`;
    if (!req.headers[LOCALE_HEADER]) req.headers[LOCALE_HEADER] = entry.locale;
  }
}
