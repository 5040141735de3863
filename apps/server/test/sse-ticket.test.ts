// The SSE ticket stands for the bearer token and the UI locale of the page that asked for it
// (EventSource can send neither header), and is used up by its first use.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { issueSseTicket, ticketToBearer } from '../src/common/sse-ticket';

const request = (ticket: string, headers: Record<string, string> = {}) =>
  ({ query: { ticket }, headers }) as unknown as FastifyRequest;

describe('SSE ticket', () => {
  it('becomes the bearer token and the locale of the page, once', async () => {
    const { ticket } = issueSseTicket('tok-1', 'en');
    const req = request(ticket);
    await ticketToBearer(req);
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers['x-locale']).toBe('en');

    const again = request(ticket);
    await ticketToBearer(again);
    expect(again.headers.authorization).toBeUndefined();
    expect(again.headers['x-locale']).toBeUndefined();
  });

  it('leaves a locale the request sends itself', async () => {
    const { ticket } = issueSseTicket('tok-2', 'en');
    const req = request(ticket, { 'x-locale': 'ko' });
    await ticketToBearer(req);
    expect(req.headers['x-locale']).toBe('ko');
  });
});
