// What a command gets: the API client, the parsed options and the two output streams.
import type { ApiClient } from './api';

export interface Io {
  /** Progress and notes (stderr). */
  progress(line: string): void;
  /** The result, printed as the last stdout line. */
  result(value: unknown): void;
}

export interface Ctx {
  api: ApiClient;
  io: Io;
  /** Milliseconds between two polls of --wait (SIGHTLINE_POLL_MS, default 2000). */
  pollMs: number;
  sleep(ms: number): Promise<void>;
}
