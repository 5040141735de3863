// Download requests (SPEC §3, §4, §7): a request queues a dataset.export job; the list shows the
// caller's requests with derived fields; a finished file is served to its owner or a project admin
// until it expires (3 days); expired files and rows are removed by the download.cleanup job.
import {
  DatasetErrorCode as E,
  expiredDate,
  exportFormatError,
  type Actor,
  type DownloadKind,
  type ExportFormat,
} from '@sightline/domain';
import { eq, inArray, and } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import type { Db } from '@sightline/db';
import { datasetFolders, datasets } from '@sightline/db';
import { cleanupExpiredDownloads, type JobService } from '@sightline/jobs';
import { downloadKey, type Storage } from '@sightline/storage';
import type { ProjectAccess } from '../../common/project-access';
import { downloadScope, type MediaSigner } from '../dataset/media-signer';
import { mapDownload, downloadStatus } from './download.mapper';
import type { DownloadRepository } from '@sightline/db';

export interface OutputDownloadInput {
  projectId: number;
  datasetId: number;
  folderIds?: number[];
  /** Labels in this format (download with labels); plain layout when absent. */
  format?: ExportFormat;
  workName: string;
  usageTypeCode?: string | null;
  workOutput?: string | null;
  originPath?: string | null;
}

export class DownloadService {
  constructor(
    private readonly db: Db,
    private readonly repo: DownloadRepository,
    private readonly access: ProjectAccess,
    private readonly jobs: JobService,
    private readonly storage: Storage,
    private readonly media: MediaSigner,
  ) {}

  /** A dataset download (Dataset tab). */
  async requestDataset(
    actor: Actor,
    body: { project_id: number; dataset_id: number; folder_ids?: number[]; format?: ExportFormat },
  ) {
    await this.access.require(actor, body.project_id);
    const [ds] = await this.db.select().from(datasets).where(eq(datasets.id, body.dataset_id));
    if (!ds || ds.projectId !== body.project_id) throw new AppError(E.DatasetNotFound, 404, {}, 'dataset_id');
    const formatError = exportFormatError(ds.type, body.format);
    if (formatError) throw new AppError(formatError, 400, {}, 'format');
    return this.create(actor, 'dataset', {
      projectId: ds.projectId,
      datasetId: ds.id,
      folderIds: body.folder_ids,
      format: body.format,
      workName: ds.name,
      usageTypeCode: null,
      workOutput: ds.name,
      originPath: null,
    });
  }

  /** A result download (Result tab), created by processing and inference features for their outputs. */
  async createOutput(actor: Actor, input: OutputDownloadInput) {
    await this.access.require(actor, input.projectId);
    return this.create(actor, 'output', input);
  }

  private async create(actor: Actor, kind: DownloadKind, input: OutputDownloadInput) {
    const where = input.folderIds?.length
      ? and(eq(datasetFolders.datasetId, input.datasetId), inArray(datasetFolders.id, input.folderIds))
      : eq(datasetFolders.datasetId, input.datasetId);
    const folders = await this.db.select({ name: datasetFolders.name }).from(datasetFolders).where(where);
    if (input.folderIds?.length && folders.length !== new Set(input.folderIds).size)
      throw AppError.notFound('folder_ids');
    const folderKey = [...(input.folderIds ?? [])].sort((a, b) => a - b).join(',') || 'all';
    const { id, created } = await this.jobs.enqueue(
      {
        kind: 'dataset.export',
        payload: { datasetId: input.datasetId, folderIds: input.folderIds, format: input.format },
      },
      // A double click while the first request is still running returns that request.
      {
        projectId: input.projectId,
        userId: actor.id,
        singletonKey: `download:${kind}:${actor.id}:${input.datasetId}:${folderKey}:${input.workOutput ?? ''}${input.format ? `:${input.format}` : ''}`,
      },
    );
    if (created) {
      const now = new Date();
      await this.repo.insert({
        jobId: id,
        kind,
        projectId: input.projectId,
        userId: actor.id,
        datasetId: input.datasetId,
        workName: input.workName,
        originPath: input.originPath ?? null,
        originFiles: folders.map((f) => f.name).join(','),
        usageTypeCode: input.usageTypeCode ?? null,
        workOutput: input.workOutput ?? null,
        createdAt: now,
        expiresAt: expiredDate(now),
      });
    }
    return { job_id: id };
  }

  async list(actor: Actor, kind: DownloadKind, q: { project_id: number; page: number; perPage: number }) {
    await this.access.require(actor, q.project_id, 'project.read');
    const { rows, total } = await this.repo.list(q.project_id, kind, actor.id, q.page, q.perPage);
    const now = new Date();
    return {
      data: rows.map((r) =>
        mapDownload(r, (jobId) => this.media.sign(actor.id, downloadScope(jobId), 3600), now),
      ),
      total,
    };
  }

  /** The file at /{code}/download/{username}/{job_id}/{file_name}: owner (token or Bearer) or project admin. */
  async openFile(p: {
    code: string;
    username: string;
    jobId: string;
    fileName: string;
    token?: string;
    actor?: Actor;
  }) {
    const row = await this.repo.find(p.jobId);
    const result = (row?.result ?? {}) as { file_name?: string };
    if (!row || row.projectCode !== p.code || row.username !== p.username) throw AppError.notFound('job_id');
    const tokenUser = this.media.verify(p.token, downloadScope(p.jobId));
    let allowed = tokenUser === row.r.userId;
    if (!allowed && p.actor)
      allowed =
        p.actor.id === row.r.userId ||
        (await this.access.can(p.actor, row.r.projectId, 'project.manageMembers'));
    if (!allowed) throw AppError.notFound('job_id');
    if (row.r.expiresAt.getTime() < Date.now()) throw new AppError(E.DownloadExpired, 410);
    if (downloadStatus(row.status) !== 'success' || result.file_name !== p.fileName)
      throw new AppError(E.DownloadNotReady, 409);
    const obj = await this.storage.get(downloadKey(p.jobId));
    if (!obj) throw new AppError(E.DownloadExpired, 410);
    return { obj, fileName: result.file_name };
  }

  /** Deletes files and rows whose expiry date has passed; answers how many went. */
  async cleanupExpired(now = new Date()): Promise<number> {
    return cleanupExpiredDownloads(this.repo, this.storage, now);
  }
}
