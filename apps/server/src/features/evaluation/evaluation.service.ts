// Performance evaluations (SPEC §4/§9, learning-design.md §2–§4): a done model on a dataset of purpose
// 'evaluation'. Creating one locks the dataset against image deletion (released by the worker, or by the
// job trigger when the job ends without a handler) and queues `evaluation.run`.
import {
  DatasetErrorCode,
  LearningErrorCode as C,
  canCancelEvaluation,
  canDeleteEvaluation,
  checkTrainParams,
  findAlgorithm,
  expiredDate,
  statusAfterCancel,
  type Actor,
  type EvaluationCreate,
  type Locale,
  type ResultQuery,
  type ResultRow,
} from '@sightline/domain';
import { DownloadRepository, type DatasetRow } from '@sightline/db';
import { evaluationLockRef, type JobService } from '@sightline/jobs';
import type { Storage } from '@sightline/storage';
import { AppError } from '../../common/app-error';
import type { ProjectAccess } from '../../common/project-access';
import { datasetMediaScope, type MediaSigner } from '../dataset/media-signer';
import { mapEvaluation, mapEvaluationDetail } from './evaluation.mapper';
import type { EvaluationRepository, LearningFacts } from './evaluation.repository';

export const evaluationMediaScope = (id: number) => `evaluation:${id}`;

/** A model of this task can evaluate a dataset of this type (ad models also judge cf/ad datasets). */
export const taskFits = (task: string, type: string) =>
  task === type || (task === 'ad' && (type === 'cf' || type === 'ad'));

/**
 * Inference params checked against the model's algorithm (defaults filled; TRAIN_PARAM_INVALID {key,min,max}
 * or TRAIN_PARAM_UNKNOWN otherwise). od: the threshold is the detection score threshold.
 */
export function inferenceParams(model: LearningFacts, values: Record<string, unknown>, threshold?: number) {
  const algo = findAlgorithm(model.engine_key);
  const asked = { ...values };
  if (
    model.task === 'od' &&
    threshold !== undefined &&
    algo?.inferenceParams.some((p) => p.key === 'scoreThreshold')
  )
    asked.scoreThreshold = threshold;
  if (!algo) return asked as Record<string, number>;
  const r = checkTrainParams(algo.inferenceParams, asked);
  if (r.issue) throw new AppError(r.issue.code, 400, r.issue.params, 'params');
  return r.values;
}

export class EvaluationService {
  constructor(
    readonly repo: EvaluationRepository,
    readonly access: ProjectAccess,
    readonly jobs: JobService,
    readonly storage: Storage,
    readonly media: MediaSigner,
    private readonly downloads: DownloadRepository,
  ) {}

  /** Done models of one project, checked in request order; the first one names the project. */
  async models(actor: Actor, ids: number[]): Promise<LearningFacts[]> {
    const found = await this.repo.learnings(this.repo.db, ids);
    const byId = new Map(found.map((l) => [l.id, l]));
    const first = byId.get(ids[0]!);
    if (!first) throw new AppError(C.LearningNotFound, 404, {}, 'model_id');
    await this.access.require(actor, first.project_id);
    return ids.map((id) => {
      const l = byId.get(id);
      if (!l || l.project_id !== first.project_id)
        throw new AppError(C.LearningNotFound, 404, {}, 'model_ids');
      if (l.status !== 'done') throw new AppError(C.LearningNotDone, 409, {}, 'model_id');
      return l;
    });
  }

  /** The evaluation dataset of the models' project, of a type the models can evaluate. */
  async evaluationDataset(
    projectId: number,
    datasetId: number,
    models: LearningFacts[],
  ): Promise<DatasetRow> {
    const ds = await this.repo.dataset(this.repo.db, datasetId);
    if (!ds || ds.projectId !== projectId)
      throw new AppError(DatasetErrorCode.DatasetNotFound, 404, {}, 'dataset_id');
    if (ds.purpose !== 'evaluation')
      throw new AppError(C.DatasetPurposeMismatch, 400, { purpose: 'evaluation' }, 'dataset_id');
    for (const m of models)
      if (!taskFits(m.task, ds.type))
        throw new AppError(C.EvaluationTaskMismatch, 400, { task: m.task, type: ds.type }, 'dataset_id');
    return ds;
  }

  async create(actor: Actor, body: EvaluationCreate, locale: Locale) {
    const [model] = await this.models(actor, [body.model_id]);
    const ds = await this.evaluationDataset(model!.project_id, body.dataset_id, [model!]);
    const params = inferenceParams(model!, body.params, body.threshold);
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lockDatasetRow(tx, ds.id);
      const e = await this.repo.insert(tx, {
        projectId: ds.projectId,
        learningId: model!.id,
        modelName: model!.name,
        algorithmId: model!.algorithm_id,
        algorithmName: model!.algorithm_name,
        engineKey: model!.engine_key,
        datasetId: ds.id,
        datasetName: ds.name,
        name: body.name ?? `${model!.name}-${ds.name}`,
        task: model!.task,
        threshold: body.threshold ?? null,
        params,
        classes: model!.classes,
        requestedBy: actor.id,
      });
      await this.repo.addLock(tx, ds.id, evaluationLockRef(e.id));
      return e;
    });
    try {
      const { id: jobId } = await this.jobs.enqueue(
        { kind: 'evaluation.run', payload: { evaluationId: row.id } },
        { projectId: ds.projectId, userId: actor.id, singletonKey: `evaluation:${row.id}` },
      );
      await this.repo.update(row.id, { jobId });
    } catch (err) {
      await this.repo.update(row.id, {
        status: 'error',
        errorCode: 'JOB_FAILED',
        errorMessage: (err as Error).message,
        finishedAt: new Date(),
      });
      await this.repo.removeLock(this.repo.db, ds.id, evaluationLockRef(row.id));
      throw err;
    }
    return this.detail(actor, row.id, locale);
  }

  /** The row when the actor may see its project (404 otherwise). A compare's evaluations can be read
   * (detail, results, download: the compare page links to them) but are canceled and deleted only
   * through their compare, so `write` refuses them as not found. */
  async row(actor: Actor, id: number, use: 'read' | 'write' = 'write') {
    const r = await this.repo.find(id);
    if (!r || (use === 'write' && r.e.compareId !== null))
      throw new AppError(C.EvaluationNotFound, 404, {}, 'id');
    await this.access.require(actor, r.e.projectId, undefined, 'id');
    return r;
  }

  async list(
    actor: Actor,
    q: { project_id: number; status?: string; search?: string; page: number; perPage: number },
    locale: Locale,
  ) {
    await this.access.require(actor, q.project_id);
    const { rows, total } = await this.repo.list(q);
    return { data: rows.map((r) => mapEvaluation(r, locale)), total };
  }

  async detail(actor: Actor, id: number, locale: Locale) {
    return mapEvaluationDetail(await this.row(actor, id, 'read'), locale);
  }

  async cancel(actor: Actor, id: number, locale: Locale) {
    const r = await this.row(actor, id);
    const next = statusAfterCancel(r.e.status);
    if (!canCancelEvaluation(r.e.status) || !next)
      throw new AppError(C.EvaluationNotCancelable, 409, { status: r.e.status });
    const now = new Date();
    await this.repo.update(
      id,
      next === 'canceled' ? { status: next, canceledAt: now, finishedAt: now } : { status: next },
    );
    if (next === 'canceled') await this.repo.removeLock(this.repo.db, r.e.datasetId, evaluationLockRef(id));
    if (r.e.jobId) await this.jobs.cancel(r.e.jobId).catch(() => undefined);
    return this.detail(actor, id, locale);
  }

  async remove(actor: Actor, id: number) {
    const r = await this.row(actor, id);
    if (!canDeleteEvaluation(r.e.status)) throw new AppError(C.EvaluationDeleteInProgress, 409);
    const keys = await this.repo.overlayKeys([id]);
    await this.repo.delete(id);
    await this.repo.removeLock(this.repo.db, r.e.datasetId, evaluationLockRef(id));
    await this.storage.deleteMany(keys);
    return { deleted: true as const };
  }

  /** Image grid rows with signed image and overlay URLs. */
  async results(actor: Actor, id: number, q: ResultQuery) {
    return this.resultsOf(actor, await this.row(actor, id, 'read'), q);
  }

  async resultsOf(
    actor: Actor,
    r: { e: { id: number; task: string; datasetId: number | null } },
    q: ResultQuery,
  ) {
    const { rows, total } = await this.repo.results(r.e.id, r.e.task, q);
    const imgToken = r.e.datasetId ? this.media.sign(actor.id, datasetMediaScope(r.e.datasetId), 3600) : '';
    const ovToken = this.media.sign(actor.id, evaluationMediaScope(r.e.id), 3600);
    const data: ResultRow[] = rows.map((x) => {
      const image = x.imageId ?? '';
      const overlay =
        x.overlayKey && image ? `/api/v2/evaluations/${r.e.id}/overlays/${image}?t=${ovToken}` : null;
      const truth =
        x.truthKey && image ? `/api/v2/evaluations/${r.e.id}/overlays/${image}?truth=1&t=${ovToken}` : null;
      return {
        id: x.id,
        image_id: image,
        file_name: x.fileName,
        true_class: x.trueClass,
        predicted_class: x.predictedClass,
        score: x.score,
        correct: x.correct,
        thumb_url: image ? `/api/v2/images/${image}/thumb?t=${imgToken}` : '',
        original_url: image ? `/api/v2/images/${image}/original?t=${imgToken}` : '',
        ...(x.predBoxes ? { pred_boxes: x.predBoxes } : {}),
        ...(x.trueBoxes ? { true_boxes: x.trueBoxes } : {}),
        mask_url: r.e.task === 'sg' ? overlay : null,
        true_mask_url: r.e.task === 'sg' ? truth : null,
        heatmap_url: r.e.task === 'ad' ? overlay : null,
      };
    });
    return { data, total };
  }

  /** An overlay PNG for a signed token (from the results) or a signed-in member; 404 otherwise. */
  async openOverlay(id: number, imageId: string, who: { token?: string; actor?: Actor }, truth = false) {
    const r = await this.repo.find(id);
    if (!r) throw AppError.notFound('id');
    let ok = this.media.verify(who.token, evaluationMediaScope(id)) !== null;
    if (!ok && who.actor) ok = await this.access.can(who.actor, r.e.projectId, 'project.train');
    if (!ok) throw AppError.notFound('id');
    const key = await this.repo.overlayKey(id, imageId, truth);
    const obj = key ? await this.storage.get(key) : null;
    if (!obj) throw AppError.notFound('imageId');
    return obj;
  }

  /** Result tab download: a zip of predictions (CSV + JSON) and overlays, built by `evaluation.export`. */
  async requestDownload(actor: Actor, id: number) {
    const r = await this.row(actor, id, 'read');
    if (r.e.status !== 'done') throw new AppError(DatasetErrorCode.DownloadNotReady, 409);
    const { id: jobId, created } = await this.jobs.enqueue(
      { kind: 'evaluation.export', payload: { evaluationId: id } },
      { projectId: r.e.projectId, userId: actor.id, singletonKey: `download:evaluation:${actor.id}:${id}` },
    );
    if (created) {
      const now = new Date();
      await this.downloads.insert({
        jobId,
        kind: 'output',
        projectId: r.e.projectId,
        userId: actor.id,
        datasetId: r.e.datasetId,
        workName: r.e.name,
        originPath: null,
        originFiles: r.e.datasetName,
        usageTypeCode: 'evaluation',
        workOutput: `${r.e.name}.zip`,
        createdAt: now,
        expiresAt: expiredDate(now),
      });
    }
    return { job_id: jobId };
  }
}
