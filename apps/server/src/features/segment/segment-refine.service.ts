// A project's refined click-segmentation pair (issue 16): its state, starting a segment.refine job on
// the project's sg masks, and reverting to the default. Training permission on the project.
import {
  errorMessage,
  SEGMENT_REFINE_MIN_IMAGES,
  SegmentErrorCode,
  type Actor,
  type Locale,
  type ProjectSegmentModel,
} from '@sightline/domain';
import type { JobRow } from '@sightline/db';
import type { JobService } from '@sightline/jobs';
import type { Storage } from '@sightline/storage';
import { segmentModelKeys } from '@sightline/storage';
import { AppError } from '../../common/app-error';
import type { ProjectAccess } from '../../common/project-access';
import type { SegmentRepository } from './segment.repository';
import type { SegmentService } from './segment.service';

export interface SegmentRefineConfig {
  seconds: number;
  maxSteps?: number;
}

/** A failed job's message starts with its code (bodies/segment-refine.ts), maybe followed by JSON params. */
function jobError(row: JobRow, locale: Locale) {
  if (row.status !== 'failed') return null;
  const m = /^(SEGMENT_[A-Z_]+)(?: (\{.*\}))?/.exec(row.message);
  const code = m?.[1] ?? SegmentErrorCode.RefineFailed;
  let params: Record<string, string | number> = {};
  try {
    params = m?.[2] ? (JSON.parse(m[2]) as typeof params) : {};
  } catch {
    params = {};
  }
  return { code, message: errorMessage(code, locale, params) };
}

/** The scores a succeeded job returned (bodies/segment-refine.ts). */
function jobOutcome(row: JobRow) {
  const r = row.result as { kept?: unknown; iou_before?: unknown; iou_after?: unknown } | null;
  if (row.status !== 'succeeded' || !r || typeof r.kept !== 'boolean') return null;
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return { kept: r.kept, iou_before: num(r.iou_before), iou_after: num(r.iou_after) };
}

export class SegmentRefineService {
  constructor(
    private readonly repo: SegmentRepository,
    private readonly access: ProjectAccess,
    private readonly pairs: SegmentService,
    private readonly storage: Storage,
    private readonly jobs: JobService,
    private readonly config: SegmentRefineConfig,
  ) {}

  async status(actor: Actor, projectId: number, locale: Locale): Promise<ProjectSegmentModel> {
    await this.access.require(actor, projectId, 'project.train');
    const [refined, uploaded, job, masked] = await Promise.all([
      this.pairs.refined(projectId),
      this.pairs.active(),
      this.repo.latestRefineJob(projectId),
      this.repo.countMaskedImages(projectId),
    ]);
    const running = job?.status === 'queued' || job?.status === 'running';
    return {
      active: uploaded ? 'uploaded' : refined ? 'refined' : 'default',
      refined,
      job: job && {
        id: job.id,
        status: job.status,
        progress: job.progress,
        message: job.message,
        error: jobError(job, locale),
        outcome: jobOutcome(job),
        created_at: job.createdAt.toISOString(),
        finished_at: job.finishedAt?.toISOString() ?? null,
      },
      masked_images: masked,
      min_images: SEGMENT_REFINE_MIN_IMAGES,
      can_refine: masked >= SEGMENT_REFINE_MIN_IMAGES && !running,
    };
  }

  /** Enqueues the refinement (one per project at a time); SEGMENT_REFINE_TOO_FEW below the minimum. */
  async start(actor: Actor, projectId: number, locale: Locale): Promise<ProjectSegmentModel> {
    await this.access.require(actor, projectId, 'project.train');
    const count = await this.repo.countMaskedImages(projectId);
    if (count < SEGMENT_REFINE_MIN_IMAGES)
      throw new AppError(SegmentErrorCode.RefineTooFew, 409, { min: SEGMENT_REFINE_MIN_IMAGES, count });
    await this.jobs.enqueue(
      {
        kind: 'segment.refine',
        payload: { projectId, seconds: this.config.seconds, maxSteps: this.config.maxSteps },
      },
      { projectId, userId: actor.id, singletonKey: `segment.refine:${projectId}`, retryLimit: 0 },
    );
    return this.status(actor, projectId, locale);
  }

  /** Back to the default pair (the refined files stay, addressed by content id). */
  async revert(actor: Actor, projectId: number, locale: Locale): Promise<ProjectSegmentModel> {
    await this.access.require(actor, projectId, 'project.train');
    if (!(await this.pairs.refined(projectId))) throw new AppError(SegmentErrorCode.RefineNone, 404);
    await this.storage.delete(segmentModelKeys.project(projectId));
    return this.status(actor, projectId, locale);
  }
}
