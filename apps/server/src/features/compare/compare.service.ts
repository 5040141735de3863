// Compare evaluations (SPEC §5/§9): 2–5 done models with the same class information (order, name, OK
// flag; else CLASS_INFO_MISMATCH) on one evaluation dataset, one evaluation per model run by `compare.run`,
// metrics side by side and the images where the models disagree. Trial accounts are refused first.
import {
  LearningErrorCode as C,
  canCancelEvaluation,
  canCompare,
  canDeleteEvaluation,
  statusAfterCancel,
  classInfoMismatch,
  type Actor,
  type CompareCreate,
  type Locale,
  type ProductName,
} from '@sightline/domain';
import type { CompareRow } from '@sightline/db';
import { compareLockRef } from '@sightline/jobs';
import { AppError } from '../../common/app-error';
import { datasetMediaScope } from '../dataset/media-signer';
import { mapEvaluation, timingsOf } from '../evaluation/evaluation.mapper';
import { inferenceParams, type EvaluationService } from '../evaluation/evaluation.service';
import type { CompareRepository } from './compare.repository';

export class CompareService {
  constructor(
    private readonly repo: CompareRepository,
    private readonly evaluations: EvaluationService,
    private readonly product: ProductName,
  ) {}

  private trial(actor: Actor) {
    if (!canCompare(actor, this.product)) throw new AppError(C.TrialNoCompare, 403);
  }

  async check(actor: Actor, modelIds: number[]) {
    this.trial(actor);
    const models = await this.evaluations.models(actor, modelIds);
    for (const m of models.slice(1)) {
      const issue = classInfoMismatch(models[0]!.classes, m.classes);
      if (issue) return { match: false, mismatch: { model_id: m.id, ...issue } };
    }
    return { match: true, mismatch: null };
  }

  async create(actor: Actor, body: CompareCreate, locale: Locale) {
    this.trial(actor);
    const models = await this.evaluations.models(actor, body.model_ids);
    const first = models[0]!;
    for (const m of models.slice(1)) {
      const issue = classInfoMismatch(first.classes, m.classes);
      if (issue || m.task !== first.task) throw new AppError(C.ClassInfoMismatch, 400, {}, 'model_ids');
    }
    const ds = await this.evaluations.evaluationDataset(first.project_id, body.dataset_id, models);
    const params = models.map((m) => inferenceParams(m, {}, body.threshold));
    const erepo = this.evaluations.repo;
    const cmp = await erepo.transaction(async (tx) => {
      await erepo.lockDatasetRow(tx, ds.id);
      const c = await this.repo.insert(tx, {
        projectId: ds.projectId,
        datasetId: ds.id,
        datasetName: ds.name,
        name: body.name ?? `compare-${ds.name}`,
        task: first.task,
        classes: first.classes,
        modelIds: models.map((m) => m.id),
        threshold: body.threshold ?? null,
        requestedBy: actor.id,
      });
      for (const [i, m] of models.entries()) {
        await erepo.insert(tx, {
          projectId: ds.projectId,
          compareId: c.id,
          position: i,
          learningId: m.id,
          modelName: m.name,
          algorithmId: m.algorithm_id,
          algorithmName: m.algorithm_name,
          engineKey: m.engine_key,
          datasetId: ds.id,
          datasetName: ds.name,
          name: `${c.name}/${m.name}`,
          task: m.task,
          threshold: body.threshold ?? null,
          params: params[i],
          classes: m.classes,
          requestedBy: actor.id,
        });
      }
      await erepo.addLock(tx, ds.id, compareLockRef(c.id));
      return c;
    });
    try {
      const { id: jobId } = await this.evaluations.jobs.enqueue(
        { kind: 'compare.run', payload: { compareId: cmp.id } },
        { projectId: ds.projectId, userId: actor.id, singletonKey: `compare:${cmp.id}` },
      );
      await this.repo.update(cmp.id, { jobId });
    } catch (err) {
      await this.repo.update(cmp.id, {
        status: 'error',
        errorCode: 'JOB_FAILED',
        errorMessage: (err as Error).message,
        finishedAt: new Date(),
      });
      await erepo.removeLock(erepo.db, ds.id, compareLockRef(cmp.id));
      throw err;
    }
    return this.detail(actor, cmp.id, locale);
  }

  private async row(actor: Actor, id: number): Promise<CompareRow> {
    this.trial(actor);
    const c = await this.repo.find(id);
    if (!c) throw new AppError(C.CompareNotFound, 404, {}, 'id');
    await this.evaluations.access.require(actor, c.projectId, undefined, 'id');
    return c;
  }

  private async item(c: CompareRow, locale: Locale) {
    const evals = await this.evaluations.repo.forCompare(c.id);
    return {
      id: c.id,
      project_id: c.projectId,
      name: c.name,
      task: c.task,
      dataset: { id: c.datasetId ?? 0, name: c.datasetName },
      status: c.status,
      progress: c.progress,
      evaluations: evals.map((e) => mapEvaluation(e, locale)),
      timings: timingsOf(c),
    };
  }

  async list(actor: Actor, q: { project_id: number; page: number; perPage: number }, locale: Locale) {
    this.trial(actor);
    await this.evaluations.access.require(actor, q.project_id);
    const { rows, total } = await this.repo.list(q.project_id, q.page, q.perPage);
    return { data: await Promise.all(rows.map((c) => this.item(c, locale))), total };
  }

  async detail(actor: Actor, id: number, locale: Locale) {
    const c = await this.row(actor, id);
    return { ...(await this.item(c, locale)), classes: c.classes, disagreements: c.disagreements };
  }

  /** Waiting: canceled at once with its evaluations and the dataset lock; running: asked to stop (the
   * compare.run job cancels the model it is on and those not reached, then sets 'canceled'). */
  async cancel(actor: Actor, id: number, locale: Locale) {
    const c = await this.row(actor, id);
    const next = statusAfterCancel(c.status);
    if (!canCancelEvaluation(c.status) || !next)
      throw new AppError(C.EvaluationNotCancelable, 409, { status: c.status });
    const erepo = this.evaluations.repo;
    if (next === 'canceled') {
      const now = new Date();
      await erepo.transaction(async (tx) => {
        await this.repo.update(id, { status: 'canceled', canceledAt: now, finishedAt: now }, tx);
        await erepo.cancelUnfinishedOfCompare(tx, id, now);
      });
      if (c.datasetId) await erepo.removeLock(erepo.db, c.datasetId, compareLockRef(id));
    } else {
      await this.repo.update(id, { status: next });
    }
    if (c.jobId) await this.evaluations.jobs.cancel(c.jobId).catch(() => undefined);
    return this.detail(actor, id, locale);
  }

  async disagreements(actor: Actor, id: number, q: { page: number; perPage: number }) {
    const c = await this.row(actor, id);
    const { rows, total } = await this.repo.disagreements(id, q.page, q.perPage);
    const token = c.datasetId
      ? this.evaluations.media.sign(actor.id, datasetMediaScope(c.datasetId), 3600)
      : '';
    return {
      data: rows.map((r) => ({
        image_id: r.image_id,
        file_name: r.file_name,
        true_class: r.true_class,
        thumb_url: `/api/v2/images/${r.image_id}/thumb?t=${token}`,
        predictions: r.predictions,
      })),
      total,
    };
  }

  async remove(actor: Actor, id: number) {
    const c = await this.row(actor, id);
    if (!canDeleteEvaluation(c.status)) throw new AppError(C.EvaluationDeleteInProgress, 409);
    const evals = await this.evaluations.repo.forCompare(id);
    const keys = await this.evaluations.repo.overlayKeys(evals.map((e) => e.e.id));
    await this.repo.delete(id);
    await this.evaluations.repo.removeLock(this.evaluations.repo.db, c.datasetId, compareLockRef(id));
    await this.evaluations.storage.deleteMany(keys);
    return { deleted: true as const };
  }
}
