// Download-request item derivations (SPEC §3, §4, §7, §9): file count, expiry, removal countdown
// and the default origin path.
import { DOWNLOAD_RETENTION_DAYS } from '../constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** origin_files is a comma-separated list; blanks do not count. */
export function fileCount(originFiles: string | null | undefined): number {
  return (originFiles ?? '').split(',').filter((f) => f.trim() !== '').length;
}

/** Files are kept 3 days from creation. */
export function expiredDate(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + DOWNLOAD_RETENTION_DAYS * DAY_MS);
}

/** Whole days until removal, rounded up; never below 0 (the badge hides at 0). */
export function daysRemaining(expired: Date | string, now: Date = new Date()): number {
  const ms = new Date(expired).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / DAY_MS));
}

/**
 * When origin_path is missing it is project/{code}/data/{x}/{work_output}, where x is 'inference'
 * when the usage type is test, otherwise the usage type itself (SPEC §7).
 */
export function defaultOriginPath(item: {
  origin_path?: string | null;
  project_code: string;
  usage_type_code?: string | null;
  work_output?: string | null;
}): string {
  if (item.origin_path) return item.origin_path;
  const usage = item.usage_type_code ?? '';
  const x = usage.toLowerCase() === 'test' ? 'inference' : usage;
  // Without a usage type (plain dataset downloads) the segment is left out rather than left empty.
  return x
    ? `project/${item.project_code}/data/${x}/${item.work_output ?? ''}`
    : `project/${item.project_code}/data/${item.work_output ?? ''}`;
}

/** Path of a finished file under the image base: /{code}/download/{username}/{job_id}/{file_name}. */
export function downloadFilePath(item: {
  project_code: string;
  username: string;
  job_id: string;
  file_name: string;
}): string {
  const enc = encodeURIComponent;
  return `/${enc(item.project_code)}/download/${enc(item.username)}/${enc(item.job_id)}/${enc(item.file_name)}`;
}
