// The error every API call throws: HTTP status plus the server's {error:{code,message,field}}.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request the user or the app cancelled; never shown to the user (SPEC §8). */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export const isCancelled = (e: unknown): boolean =>
  e instanceof CancelledError || (e instanceof DOMException && e.name === 'AbortError');
