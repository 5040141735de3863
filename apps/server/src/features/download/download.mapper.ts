// Download rows → the §3 download request item with its derived fields (file_count, expired_date,
// days remaining, default origin path) and, once the file exists, its path under the image base.
import {
  daysRemaining,
  defaultOriginPath,
  downloadFilePath,
  fileCount,
  type DownloadItem,
  type DownloadStatus,
} from '@sightline/domain';
import type { DownloadListRow } from '@sightline/db';

export function downloadStatus(jobStatus: string): DownloadStatus {
  if (jobStatus === 'succeeded') return 'success';
  if (jobStatus === 'failed' || jobStatus === 'cancelled') return 'error';
  return 'progress';
}

export function mapDownload(
  row: DownloadListRow,
  token: (jobId: string) => string,
  now = new Date(),
): DownloadItem {
  const r = row.r;
  const status = downloadStatus(row.status);
  const result = (row.result ?? {}) as { file_name?: string };
  const fileName = status === 'success' ? (result.file_name ?? null) : null;
  return {
    job_id: r.jobId,
    file_name: fileName,
    status,
    progress: status === 'success' ? 100 : row.progress,
    work_name: r.workName,
    origin_path: defaultOriginPath({
      origin_path: r.originPath,
      project_code: row.projectCode,
      usage_type_code: r.usageTypeCode,
      work_output: r.workOutput,
    }),
    origin_files: r.originFiles,
    project_code: row.projectCode,
    usage_type_code: r.usageTypeCode,
    work_output: r.workOutput,
    created_at: r.createdAt.toISOString(),
    file_count: fileCount(r.originFiles),
    expired_date: r.expiresAt.toISOString(),
    days_remaining: daysRemaining(r.expiresAt, now),
    download_path: fileName
      ? `${downloadFilePath({ project_code: row.projectCode, username: row.username, job_id: r.jobId, file_name: fileName })}?t=${token(r.jobId)}`
      : null,
  };
}
