// --wait: polls a learning or evaluation until it reaches a terminal status, reporting changes on stderr.
import { isTerminalStatus, type LearningStatus } from '@sightline/domain';
import type { Ctx } from '../context';
import { CliError } from '../errors';

interface Pollable {
  status: LearningStatus;
  progress: number;
  queue_position: number | null;
  error: { code: string; message: string } | null;
}

export async function waitFor<T extends Pollable>(
  ctx: Ctx,
  label: string,
  get: () => Promise<T>,
  describe: (t: T) => string,
  timeoutMs?: number,
): Promise<T> {
  const start = Date.now();
  let last = '';
  for (;;) {
    const t = await get();
    const line =
      `${label} ${t.status}${t.queue_position ? ` (queue ${t.queue_position})` : ''} ${t.progress}% ${describe(t)}`.trim();
    if (line !== last) ctx.io.progress((last = line));
    if (isTerminalStatus(t.status)) return t;
    if (timeoutMs !== undefined && Date.now() - start > timeoutMs)
      throw new CliError(
        'WAIT_TIMEOUT',
        `${label} still ${t.status} after ${Math.round(timeoutMs / 1000)} s`,
      );
    await ctx.sleep(ctx.pollMs);
  }
}

/** The failed/canceled outcome as a CLI error (the JSON still names the id and status). */
export function outcomeError(t: Pollable, what: string): CliError | null {
  if (t.status === 'done') return null;
  if (t.status === 'canceled') return new CliError('CANCELED', `The ${what} was canceled`);
  return new CliError(t.error?.code ?? 'FAILED', t.error?.message ?? `The ${what} failed`);
}

/** A job command's answer: the JSON printed, and the error that makes the exit code non-zero. */
export class JobOutcome {
  constructor(
    readonly result: Record<string, unknown>,
    readonly error: CliError | null = null,
  ) {}
}
