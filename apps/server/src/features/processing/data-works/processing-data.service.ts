// Data processing works (SPEC §1, §5): augmentation and AI labeling (supervised with a trained model,
// unsupervised into 2–34 groups). A create checks access, then the rules, then in one transaction makes
// the result dataset (the save directory, with its one folder and the classes it starts with), the work
// row and its source, and queues the processing.data job; proposals are reviewed least sure first.
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  AI_LABELING_KINDS,
  AI_LABELING_MIN_LABELED,
  LabelErrorCode as L,
  ProcessingErrorCode as P,
  type Actor,
  type AiLabelingCreate,
  type AugmentationCreate,
} from '@sightline/domain';
import { schema, type Database } from '@sightline/db';
import { enqueueInTransaction, QueueUnavailableError, type JobQueue } from '@sightline/jobs';
import { AppError } from '../../../common/app-error';
import type { ProjectAccess } from '../../../common/project-access';
import { datasetMediaScope, type MediaSigner } from '../../dataset/media-signer';
import { ProcessingDataRepository } from './processing-data.repository';

export const PROCESSING_DATA_ACCESS = { action: 'project.train', field: 'project_id' } as const;

const invalid = (code: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(code, 400, params, field);

interface NewWork {
  projectId: number;
  name: string;
  saveDir: string;
  description: string;
  kind: 'augmentation' | 'ai_supervised' | 'ai_unsupervised';
  task: 'cf' | 'od' | 'sg';
  source: { id: number; name: string; folderIds: number[] | null };
  /** Copy the source's classes into the result (unsupervised makes its own). */
  copyClasses: boolean;
  options: Record<string, unknown>;
}

export class ProcessingDataService {
  private readonly repo: ProcessingDataRepository;

  constructor(
    private readonly database: Database,
    private readonly queue: JobQueue | null,
    private readonly access: ProjectAccess,
    private readonly media?: MediaSigner,
  ) {
    this.repo = new ProcessingDataRepository(database.db);
  }

  async createAugmentation(actor: Actor, body: AugmentationCreate) {
    await this.access.require(actor, body.project_id);
    const ds = await this.sourceDataset(body.project_id, body.dataset_id, body.folder_ids);
    const algo = await this.repo.augmentationAlgorithm(body.project_id, body.algorithm_id);
    if (!algo) throw invalid(L.AugmentationAlgorithmInvalid, 'algorithm_id');
    const params = new Map(algo.augmentationParams.map((p) => [p.key, p]));
    const operations: Record<string, number> = {};
    for (const [key, value] of Object.entries(body.operations)) {
      const p = params.get(key);
      if (!p || key === 'copies')
        throw invalid(L.AugmentationOutOfRange, `operations.${key}`, { name: key, min: 0, max: 0 });
      if (value < p.min || value > p.max || (p.integer && !Number.isInteger(value)))
        throw invalid(L.AugmentationOutOfRange, `operations.${key}`, {
          name: p.name.en,
          min: p.min,
          max: p.max,
        });
      operations[key] = value;
    }
    // An operation is on when it changes something: a probability, angle, change or noise above 0, a crop below 1.
    const on = Object.entries(operations).filter(([k, v]) => (k === 'cropScale' ? v < 1 : v > 0));
    if (!on.length) throw invalid(L.AugmentationNoOperation, 'operations');
    const copies = params.get('copies');
    if (copies && (body.copies < copies.min || body.copies > copies.max))
      throw invalid(L.AugmentationOutOfRange, 'copies', {
        name: copies.name.en,
        min: copies.min,
        max: copies.max,
      });
    return this.create(actor, {
      projectId: body.project_id,
      name: body.name,
      saveDir: body.save_dir,
      description: body.description,
      kind: 'augmentation',
      task: ds.type as NewWork['task'],
      source: { id: ds.id, name: ds.name, folderIds: body.folder_ids ?? null },
      copyClasses: true,
      options: {
        algorithm_id: algo.id,
        operations,
        copies: body.copies,
        include_originals: body.include_originals,
        seed: body.seed ?? Math.floor(Math.random() * 2 ** 31),
      },
    });
  }

  async createAiLabeling(actor: Actor, body: AiLabelingCreate) {
    await this.access.require(actor, body.project_id);
    const ds = await this.sourceDataset(body.project_id, body.dataset_id, body.folder_ids);
    const base = {
      projectId: body.project_id,
      name: body.name,
      saveDir: body.save_dir,
      description: body.description,
      source: { id: ds.id, name: ds.name, folderIds: body.folder_ids ?? null },
    };
    if (body.mode === 'unsupervised') {
      const n = await this.repo.imageCount(ds.id, body.folder_ids);
      if (n < body.class_count)
        throw invalid(L.UnsupervisedTooFewImages, 'class_count', { k: body.class_count });
      return this.create(actor, {
        ...base,
        kind: 'ai_unsupervised',
        task: 'cf',
        copyClasses: false,
        options: { class_count: body.class_count },
      });
    }
    const labelled = await this.repo.labelledCount(ds.id, body.folder_ids);
    if (labelled < AI_LABELING_MIN_LABELED)
      throw invalid(L.AiLabelingTooFewLabeled, 'dataset_id', {
        min: AI_LABELING_MIN_LABELED,
        count: labelled,
      });
    if (!body.learning_id) throw invalid(L.AiLabelingModelRequired, 'learning_id');
    const learning = await this.repo.learning(body.learning_id);
    if (!learning || learning.project_id !== body.project_id || learning.status !== 'done')
      throw invalid(L.AiLabelingModelRequired, 'learning_id');
    if (learning.task !== ds.type) throw invalid(L.AiLabelingModelMismatch, 'learning_id');
    return this.create(actor, {
      ...base,
      kind: 'ai_supervised',
      task: ds.type as NewWork['task'],
      copyClasses: true,
      options: { learning_id: learning.id, threshold: body.threshold },
    });
  }

  /** AI labeling rerun: the same work again (a new job over the same source), e.g. after more labels. */
  async rerun(actor: Actor, workId: number) {
    const work = await this.repo.work(workId);
    if (!work || !AI_LABELING_KINDS.has(work.kind)) throw new AppError(P.WorkNotFound, 404, {}, 'id');
    await this.access.require(actor, work.projectId);
    if (work.status === 'waiting' || work.status === 'progressing')
      throw new AppError(P.WorkInProgress, 409, {}, 'id');
    if (work.finalSaved) throw new AppError(P.WorkFinalSaved, 409, {}, 'id');
    if (work.kind === 'ai_supervised') {
      const src = await this.repo.source(work.id);
      const labelled = src?.datasetId
        ? await this.repo.labelledCount(src.datasetId, src.folderIds ?? undefined)
        : 0;
      if (labelled < AI_LABELING_MIN_LABELED)
        throw invalid(L.AiLabelingTooFewLabeled, 'dataset_id', {
          min: AI_LABELING_MIN_LABELED,
          count: labelled,
        });
    }
    return this.inTransaction(async (repo, client, queue) => {
      await repo.setWork(work.id, {
        status: 'waiting',
        progress: 0,
        errorCode: null,
        message: '',
        result: null,
      });
      const jobId = await enqueueInTransaction(
        client,
        queue,
        { kind: 'processing.data', payload: { workId: work.id } },
        { projectId: work.projectId, userId: actor.id, singletonKey: `processing:${work.id}` },
      );
      await repo.setWork(work.id, { jobId });
      return { id: work.id, job_id: jobId };
    });
  }

  async proposals(
    actor: Actor,
    workId: number,
    q: { status: 'pending' | 'accepted' | 'rejected' | 'all'; page: number; perPage: number },
  ) {
    const work = await this.aiWork(actor, workId);
    const { rows, total } = await this.repo.proposals(work.resultDatasetId!, q.status, q.page, q.perPage);
    // Thumbnails for the review list (<img src> cannot send the bearer token).
    const token = this.media?.sign(actor.id, datasetMediaScope(work.resultDatasetId!), 3600);
    return {
      data: rows.map((r) => ({
        image_id: r.id,
        file_name: r.fileName,
        thumb_url: token ? `/api/v2/images/${r.id}/thumb?t=${token}` : `/api/v2/images/${r.id}/thumb`,
        class_id: r.classId,
        score: r.classScore,
        confirmed: r.confirmed,
        prediction: (r.prediction ?? {}) as Record<string, unknown>,
      })),
      total,
    };
  }

  async review(actor: Actor, workId: number, imageId: string, decision: 'accept' | 'reject') {
    const work = await this.aiWork(actor, workId);
    if (work.finalSaved) throw new AppError(P.WorkFinalSaved, 409, {}, 'id');
    const img = await this.repo.image(work.resultDatasetId!, imageId);
    if (!img?.prediction) throw new AppError(L.ProposalNotFound, 404, {}, 'image_id');
    await this.repo.review(img.id, decision, img.prediction as Record<string, unknown>);
    return { image_id: img.id, decision };
  }

  private async aiWork(actor: Actor, workId: number) {
    const work = await this.repo.work(workId);
    if (!work || (work.kind !== 'ai_supervised' && work.kind !== 'ai_unsupervised'))
      throw new AppError(P.WorkNotFound, 404, {}, 'id');
    await this.access.require(actor, work.projectId);
    if (!work.resultDatasetId) throw new AppError(P.WorkNotFound, 404, {}, 'id');
    return work;
  }

  private async sourceDataset(projectId: number, datasetId: number, folderIds?: number[]) {
    const ds = await this.repo.dataset(datasetId);
    if (!ds || ds.projectId !== projectId) throw new AppError(P.DatasetRequired, 404, {}, 'dataset_id');
    if (ds.type === 'ad') throw invalid(P.DatasetTypeMismatch, 'dataset_id');
    if (folderIds?.length && (await this.repo.folderIds(ds.id, folderIds)).length !== new Set(folderIds).size)
      throw AppError.notFound('folder_ids');
    return ds;
  }

  private async create(actor: Actor, w: NewWork) {
    if (await this.repo.workNameTaken(w.projectId, w.name))
      throw new AppError(P.WorkNameExists, 409, {}, 'name');
    if (await this.repo.datasetNameTaken(w.projectId, w.saveDir))
      throw new AppError(P.SaveDirExists, 409, {}, 'save_dir');
    const classes = w.copyClasses ? await this.repo.classes(w.source.id) : [];
    try {
      return await this.inTransaction(async (repo, client, queue) => {
        const ds = await repo.insertResultDataset({
          projectId: w.projectId,
          name: w.saveDir,
          type: w.task,
          userId: actor.id,
        });
        await repo.copyClasses(classes, ds.id);
        const work = await repo.insertWork({
          projectId: w.projectId,
          name: w.name,
          kind: w.kind,
          task: w.task,
          description: w.description,
          options: w.options,
          saveDir: w.saveDir,
          resultDatasetId: ds.id,
          createdBy: actor.id,
        });
        await repo.insertSource({
          workId: work.id,
          position: 0,
          datasetId: w.source.id,
          datasetName: w.source.name,
          folderIds: w.source.folderIds,
        });
        const jobId = await enqueueInTransaction(
          client,
          queue,
          { kind: 'processing.data', payload: { workId: work.id } },
          { projectId: w.projectId, userId: actor.id, singletonKey: `processing:${work.id}` },
        );
        await repo.setWork(work.id, { jobId });
        return { id: work.id, job_id: jobId, result_dataset_id: ds.id };
      });
    } catch (err) {
      const c =
        (err as { constraint?: string; cause?: { constraint?: string } }).constraint ??
        (err as { cause?: { constraint?: string } }).cause?.constraint;
      if (c === 'processing_works_name_uq') throw new AppError(P.WorkNameExists, 409, {}, 'name');
      if (c === 'datasets_project_name_uq') throw new AppError(P.SaveDirExists, 409, {}, 'save_dir');
      throw err;
    }
  }

  private async inTransaction<T>(
    fn: (repo: ProcessingDataRepository, client: import('pg').PoolClient, queue: JobQueue) => Promise<T>,
  ) {
    if (!this.queue) throw new QueueUnavailableError();
    const client = await this.database.pool.connect();
    try {
      await client.query('BEGIN');
      const out = await fn(new ProcessingDataRepository(drizzle(client, { schema })), client, this.queue);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
