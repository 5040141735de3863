// Caps that keep a hostile or accidental upload from exhausting disk, memory or time. Each can be
// set by environment variable; tests pass small values.
export interface UploadLimits {
  /** Bytes of one HTTP upload (all file parts together). */
  maxUploadBytes: number;
  /** Bytes of one image (a loose file or one zip entry, uncompressed). */
  maxImageBytes: number;
  /** Entries of one zip (files and folders). */
  maxZipEntries: number;
  /** Uncompressed bytes of one zip. */
  maxExpandedBytes: number;
  /** Uncompressed / compressed size of a zip entry larger than 1 MiB, and of the whole zip. */
  maxRatio: number;
  /** Decoded pixels of one image (sharp limitInputPixels). */
  maxPixels: number;
  /** Images processed at once (decode + thumbnail + store). */
  concurrency: number;
}

const num = (v: string | undefined, d: number) =>
  v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d;
const MiB = 1024 * 1024;

/** Read once by config.ts (the only place that reads the environment). */
export function uploadLimitsFromEnv(env: Record<string, string | undefined>): UploadLimits {
  return {
    maxUploadBytes: num(env.UPLOAD_MAX_BYTES, 8 * 1024 * MiB),
    maxImageBytes: num(env.UPLOAD_MAX_IMAGE_BYTES, 64 * MiB),
    maxZipEntries: num(env.UPLOAD_MAX_ZIP_ENTRIES, 50_000),
    maxExpandedBytes: num(env.UPLOAD_MAX_EXPANDED_BYTES, 32 * 1024 * MiB),
    maxRatio: num(env.UPLOAD_MAX_RATIO, 200),
    maxPixels: num(env.UPLOAD_MAX_PIXELS, 100_000_000),
    concurrency: num(env.UPLOAD_CONCURRENCY, 4),
  };
}

export function formatBytes(n: number): string {
  if (n >= 1024 * MiB) return `${(n / (1024 * MiB)).toFixed(1)} GB`;
  if (n >= MiB) return `${Math.round(n / MiB)} MB`;
  return `${Math.round(n / 1024)} KB`;
}
