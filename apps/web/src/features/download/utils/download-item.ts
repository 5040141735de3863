// Web-side rules for one row of the download-request list (SPEC §2, §4, §7); the shared derivations
// (file count, days remaining, file path) live in @sightline/domain dataset/download.ts.
import { daysRemaining, downloadFilePath } from '@sightline/domain';

export type DownloadTab = 'dataset' | 'result';
export type DownloadRowState = 'success' | 'error' | 'progress';

/** success and error are terminal; every other status counts as in progress. */
export function downloadRowState(status: string): DownloadRowState {
  const s = status.toLowerCase();
  if (s === 'success') return 'success';
  if (s === 'error') return 'error';
  return 'progress';
}

/** Progress clamped to 0..100 so a bad value never breaks the bar. */
export function clampProgress(progress: number | null | undefined): number {
  if (progress == null || Number.isNaN(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}

/** Days before removal, recomputed against `now` so the badge counts down between polls. */
export function removalDays(item: { expired_date: string }, now: Date): number {
  return daysRemaining(item.expired_date, now);
}

/** Image base + /{project code}/download/{username}/{job_id}/{file_name} (SPEC §7). */
export function downloadFileUrl(
  imageBase: string,
  item: { project_code: string; job_id: string; file_name: string | null; download_path?: string | null },
  username: string,
): string {
  const base = imageBase.replace(/\/+$/, '');
  // The server's path carries a short-lived access token; fall back to the plain path otherwise.
  const path =
    item.download_path ??
    downloadFilePath({
      project_code: item.project_code,
      username,
      job_id: item.job_id,
      file_name: item.file_name ?? '',
    });
  return `${base}${path}`;
}

/** The modal opens on Result under processing routes, otherwise on Dataset (SPEC §2). */
export function initialDownloadTab(routeName: string): DownloadTab {
  return routeName.includes('processing') ? 'result' : 'dataset';
}
