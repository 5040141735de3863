// Learning (training) rules: create (validation, limits and enqueue in one transaction), read, list,
// cancel, delete, model files. The training itself is the learning.train job (packages/jobs).
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  LearningErrorCode as C,
  canCancelLearning,
  canDeleteLearning,
  checkLearningLimits,
  checkTargetRegions,
  checkTrainParams,
  classInfoMismatch,
  defaultOkClasses,
  modelNameSchema,
  statusAfterCancel,
  type Actor,
  type LearningCreate,
  type LearningListQuery,
  type LearningStatus,
  type VisionTask,
} from '@sightline/domain';
import { schema, type Database, type LearningClassJson, type LearningRow } from '@sightline/db';
import { JobService, enqueueInTransaction, learningKeys, type JobQueue } from '@sightline/jobs';
import type { Storage, StoredObject } from '@sightline/storage';
import { AppError } from '../../common/app-error';
import { requireProjectAccess } from '../../common/project-access';
import { QueueUnavailableError } from '@sightline/jobs';
import { LearningRepository, type LearningView } from './learning.repository';

const UNIQUE_VIOLATION = '23505';
/** A lost worker's training is retried (and resumes from its checkpoint) this many times. */
export const TRAIN_RETRY_LIMIT = 2;

const conflict = (code: string, params: Record<string, string | number> = {}, field?: string) =>
  new AppError(code, 409, params, field);
const invalid = (code: string, params: Record<string, string | number> = {}, field?: string) =>
  new AppError(code, 400, params, field);

export class LearningService {
  private readonly repo: LearningRepository;
  private readonly jobs: JobService;

  constructor(
    private readonly database: Database,
    private readonly queue: JobQueue | null,
    private readonly storage: Storage,
  ) {
    this.repo = new LearningRepository(database.db);
    this.jobs = new JobService(database, queue);
  }

  /** The learning if the actor may train in its project; 404 on `id` otherwise. */
  async getRow(actor: Actor, id: number): Promise<LearningRow> {
    const row = await this.repo.find(id);
    if (!row) throw AppError.notFound('id');
    await requireProjectAccess(this.database.db, actor, row.projectId, 'project.train', 'id');
    return row;
  }

  async view(actor: Actor, id: number): Promise<LearningView> {
    await this.getRow(actor, id);
    const v = await this.repo.view(id);
    if (!v) throw AppError.notFound('id');
    return v;
  }

  /** The view without the access check (SSE pushes after the stream was authorised). */
  viewUnchecked(id: number) {
    return this.repo.view(id);
  }

  /** The project's waiting learnings (queue positions for the project SSE stream), without access check. */
  async waitingInProject(projectId: number): Promise<LearningView[]> {
    return (await this.repo.list({ project_id: projectId, status: 'waiting', page: 1, perPage: 100 })).rows;
  }

  async list(actor: Actor, q: LearningListQuery) {
    await requireProjectAccess(this.database.db, actor, q.project_id, 'project.train', 'project_id');
    return this.repo.list(q);
  }

  async requireProject(actor: Actor, projectId: number) {
    await requireProjectAccess(this.database.db, actor, projectId, 'project.train', 'project_id');
  }

  async checkName(actor: Actor, projectId: number, name: string) {
    await this.requireProject(actor, projectId);
    const parsed = modelNameSchema.safeParse(name);
    if (!parsed.success)
      return { available: false, code: parsed.error.issues[0]?.message ?? C.ModelNameInvalid };
    if (await this.repo.nameTaken(projectId, parsed.data))
      return { available: false, code: C.ModelNameExists };
    return { available: true, code: null };
  }

  async create(actor: Actor, input: LearningCreate): Promise<number> {
    const db = this.database.db;
    const dataset = await this.repo.dataset(input.dataset_id);
    if (!dataset) throw AppError.notFound('dataset_id');
    const projectId = dataset.projectId;
    await requireProjectAccess(db, actor, projectId, 'project.train', 'dataset_id');
    if (dataset.purpose !== 'preprocessing')
      throw invalid(C.DatasetPurposeMismatch, { purpose: 'preprocessing' }, 'dataset_id');
    if (await this.repo.nameTaken(projectId, input.name)) throw conflict(C.ModelNameExists, {}, 'name');

    // The algorithm: an admin row of kind training usable in the project, of the dataset's task
    // (or anomaly detection on the OK class of a classification dataset).
    const algo = await this.repo.algorithm(input.algorithm_id);
    if (!algo || algo.kind !== 'training' || !(await this.repo.algorithmInScope(algo.id, projectId)))
      throw invalid(C.AlgorithmNotAvailable, {}, 'algorithm_id');
    const datasetType = dataset.type as VisionTask;
    const task = algo.workType as VisionTask;
    if (task !== datasetType && !(task === 'ad' && datasetType === 'cf'))
      throw invalid(C.AlgorithmTaskMismatch, { type: datasetType }, 'algorithm_id');

    // Parameters within the admin-edited row's min/max; the validation split overrides valSplit.
    const rowParams = [...algo.trainParams, ...algo.augmentationParams];
    const values: Record<string, number> = { ...input.params };
    if (input.validation_split !== undefined && rowParams.some((p) => p.key === 'valSplit'))
      values.valSplit = input.validation_split;
    const checked = checkTrainParams(rowParams, values);
    if (checked.issue) throw invalid(checked.issue.code, checked.issue.params, 'params');
    const params = checked.values;
    const validationSplit = params.valSplit ?? input.validation_split ?? 0.2;

    // Classes (snapshot in the materialiser's order) and the OK ones.
    const dsClasses = await this.repo.datasetClasses(dataset.id);
    const names = dsClasses.map((c) => c.name);
    const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
    let okNames: string[];
    if (input.ok_classes) {
      const unknown = input.ok_classes.filter((n) => !lower.has(n.toLowerCase()));
      if (unknown.length) throw invalid(C.OkClassRequired, {}, 'ok_classes');
      okNames = input.ok_classes.map((n) => lower.get(n.toLowerCase())!);
    } else {
      const flagged = dsClasses.filter((c) => c.isOk).map((c) => c.name);
      okNames = flagged.length ? flagged : defaultOkClasses(names);
    }
    const okSet = new Set(okNames);
    let classes: LearningClassJson[];
    if (task === 'cf') {
      classes = names.map((name, index) => ({ index, name, ok: okSet.has(name) }));
      // OK classes are optional for classification, but checking every class OK leaves nothing to find.
      if (input.ok_classes && names.length > 0 && okSet.size >= names.length)
        throw invalid(C.OkClassRequired, {}, 'ok_classes');
    } else if (task === 'ad') {
      // Anomaly detection trains on the OK class: a cf dataset needs one OK and one NG class.
      if (okSet.size === 0 || (datasetType === 'cf' && okSet.size >= names.length))
        throw invalid(C.OkClassRequired, {}, 'ok_classes');
      classes = [
        { index: 0, name: 'good', ok: true },
        { index: 1, name: 'defect', ok: false },
      ];
    } else classes = names.map((name, index) => ({ index, name, ok: false }));

    // Target regions: at most 10, all images of one size, inside the image.
    if (input.regions.length) {
      const issue = checkTargetRegions(input.regions, await this.repo.imageSizes(dataset.id));
      if (issue) throw invalid(issue.code, issue.params, 'regions');
    }

    // Relearning: a done learning of the project with the same task and classes; its history is kept.
    let base: LearningRow | undefined;
    if (input.base_learning_id) {
      base = await this.repo.find(input.base_learning_id);
      if (!base || base.projectId !== projectId) throw AppError.notFound('base_learning_id');
      if (base.status !== 'done') throw invalid(C.LearningNotDone, {}, 'base_learning_id');
      if (base.task !== task || classInfoMismatch(base.classes, classes))
        throw invalid(C.RelearnClassMismatch, {}, 'base_learning_id');
    }

    if (!this.queue) throw new QueueUnavailableError();
    const queue = this.queue;
    // Limits, insert and enqueue in one transaction; the locks make two quick requests run one after the other.
    const client = await this.database.pool.connect();
    try {
      await client.query('BEGIN');
      const tx = new LearningRepository(drizzle(client, { schema }));
      const project = await tx.lockForCreate(actor.id, projectId);
      if (!project) throw AppError.notFound('dataset_id');
      const issue = checkLearningLimits({
        activeByUser: await tx.activeByUser(actor.id),
        projectLearnings: await tx.countedInProject(projectId),
        learningCountLimit: project.learningLimit,
      });
      if (issue) throw conflict(issue.code, issue.params);
      const row = await tx.insert({
        projectId,
        datasetId: dataset.id,
        datasetName: dataset.name,
        name: input.name,
        task,
        algorithmId: algo.id,
        algorithmName: algo.name.ko ?? algo.engineKey,
        engineKey: algo.engineKey,
        params,
        classes,
        okClasses: task === 'cf' || task === 'ad' ? names.filter((n) => okSet.has(n)) : [],
        regions: input.regions,
        validationSplit,
        baseLearningId: base?.id ?? null,
        history: base?.history ?? [],
        requestedBy: actor.id,
      });
      const jobId = await enqueueInTransaction(
        client,
        queue,
        { kind: 'learning.train', payload: { learningId: row.id } },
        { projectId, userId: actor.id, singletonKey: `learning:${row.id}`, retryLimit: TRAIN_RETRY_LIMIT },
      );
      await tx.update(row.id, { jobId });
      await client.query('COMMIT');
      return row.id;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(C.ModelNameExists, {}, 'name');
      throw err;
    } finally {
      client.release();
    }
  }

  /** waiting → canceled at once; running → canceling (the job's signal stops the trainer); else 409. */
  async cancel(actor: Actor, id: number): Promise<void> {
    await this.getRow(actor, id);
    const next = await this.database.db.transaction(async (tx) => {
      const repo = new LearningRepository(tx);
      const row = await repo.findForUpdate(id);
      if (!row) throw AppError.notFound('id');
      if (!canCancelLearning(row.status)) throw conflict(C.LearningNotCancelable, { status: row.status });
      const to = statusAfterCancel(row.status) as LearningStatus;
      const now = new Date();
      await repo.update(
        id,
        to === 'canceled' ? { status: to, canceledAt: now, finishedAt: now } : { status: to },
      );
      return { to, jobId: row.jobId };
    });
    if (next.jobId) await this.jobs.cancel(next.jobId).catch(() => undefined);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const row = await this.getRow(actor, id);
    await this.database.db.transaction(async (tx) => {
      const repo = new LearningRepository(tx);
      const locked = await repo.findForUpdate(id);
      if (!locked) throw AppError.notFound('id');
      if (!canDeleteLearning(locked.status))
        throw conflict(C.LearningDeleteInProgress, { status: locked.status });
      await repo.delete(id);
    });
    const keys = learningKeys(row.id);
    await this.storage
      .deleteMany([...row.files.map((f) => keys.file(f.name)), keys.checkpoint])
      .catch(() => undefined);
  }

  /** A model file of a done learning (the stream and its size). */
  async file(actor: Actor, id: number, name: string): Promise<{ row: LearningRow; obj: StoredObject }> {
    const row = await this.getRow(actor, id);
    if (row.status !== 'done') throw conflict(C.LearningNotDone, { status: row.status });
    if (!row.files.some((f) => f.name === name)) throw AppError.notFound('file');
    const obj = await this.storage.get(learningKeys(row.id).file(name));
    if (!obj) throw AppError.notFound('file');
    return { row, obj };
  }
}
