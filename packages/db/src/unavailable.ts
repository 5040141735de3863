// Is this error "the database could not be reached" (killed, restarting, network) rather than a bad
// query? Used by the server (503 instead of 500, one log line per outage) and the worker (one log line
// per outage instead of one per retry).
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|the database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command/i;

/** True when the error (or one of its causes) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, i = 0; e && i < 6; e = (e as { cause?: unknown }).cause, i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * Logs a database outage once (when the first connection error arrives) and its end once (the first
 * success after it), instead of a line per failed retry. Other errors are logged as they come.
 */
export class OutageLog {
  private downSince: number | null = null;

  constructor(private readonly log: (m: string) => void) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  /** A failed database operation (`what` names it in the log). */
  error(what: string, err: unknown): void {
    // The driver's own words (Drizzle wraps them in "Failed query: …" with the parameters), one line.
    let root = err;
    while ((root as { cause?: unknown })?.cause) root = (root as { cause: unknown }).cause;
    const message = (root instanceof Error ? root.message : String(root)).split('\n')[0];
    if (!isDatabaseUnavailable(err)) {
      this.log(`${what}: ${message}`);
      return;
    }
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.log(`database unavailable (${what}: ${message}); retrying quietly until it is back`);
  }

  /** A database operation succeeded. */
  ok(): void {
    if (this.downSince === null) return;
    const sec = ((Date.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = null;
    this.log(`database available again after ${sec} s`);
  }
}
