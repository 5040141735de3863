// Processing works (SPEC §4, §5): create (every rule, then the result dataset, the work, its sources
// and its processing.run job in one transaction), list, detail, delete, the edit lock (availability),
// final save, and copy-labeling conflicts. Rule checks come from packages/domain processing/rules.ts.
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  EDIT_LOCK_TTL_MS,
  ProcessingErrorCode as C,
  availabilityOf,
  classMergeIssue,
  classRemoveIssue,
  datasetTypesIssue,
  labelingImagesIssue,
  mergeDatasetsIssue,
  resolveCopyConflicts,
  saveDirIssue,
  statusFromJob,
  workNameIssue,
  type Actor,
  type ProcessingIssue,
  type ProcessingTask,
  type WorkCreate,
  type WorkListQuery,
} from '@sightline/domain';
import { schema, type Database } from '@sightline/db';
import { enqueueInTransaction, QueueUnavailableError, type JobQueue } from '@sightline/jobs';
import type { Storage } from '@sightline/storage';
import { AppError } from '../../common/app-error';
import { requireProjectAccess } from '../../common/project-access';
import type { DatasetService } from '../dataset/dataset.service';
import { ProcessingRepository } from './processing.repository';
import { toWork } from './processing.mapper';

const fail = (i: ProcessingIssue, status = 400) => new AppError(i.code, status, i.params, i.field);
const UNIQUE = '23505';

export class ProcessingService {
  readonly repo: ProcessingRepository;

  constructor(
    private readonly database: Database,
    private readonly queue: JobQueue | null,
    private readonly datasetService: DatasetService,
    private readonly storage?: Storage,
  ) {
    this.repo = new ProcessingRepository(database.db);
  }

  private access(actor: Actor, projectId: number, field = 'project_id') {
    return requireProjectAccess(this.database.db, actor, projectId, 'project.train', field);
  }

  /** The work if the actor may train in its project; WORK_NOT_FOUND otherwise. */
  async workFor(actor: Actor, id: number) {
    const w = await this.repo.find(id);
    if (!w) throw new AppError(C.WorkNotFound, 404, {}, 'id');
    await this.access(actor, w.projectId, 'id').catch(() => {
      throw new AppError(C.WorkNotFound, 404, {}, 'id');
    });
    return w;
  }

  /** 403/404 unless the actor may train in the project (the SSE stream's check). */
  async requireProject(actor: Actor, projectId: number) {
    await this.access(actor, projectId);
  }

  async list(actor: Actor, q: WorkListQuery) {
    await this.access(actor, q.project_id);
    const { rows, total } = await this.repo.list(q);
    return { data: rows.map((r) => toWork(r, actor.id)), total };
  }

  async detail(actor: Actor, id: number) {
    await this.workFor(actor, id);
    return toWork((await this.repo.view(id))!, actor.id);
  }

  async checkNames(actor: Actor, projectId: number, name?: string, saveDir?: string) {
    await this.access(actor, projectId);
    const out: { name: string | null; save_dir: string | null } = { name: null, save_dir: null };
    if (name !== undefined)
      out.name =
        workNameIssue(name)?.code ??
        ((await this.repo.workNameTaken(projectId, name.trim())) ? C.WorkNameExists : null);
    if (saveDir !== undefined)
      out.save_dir =
        saveDirIssue(saveDir)?.code ??
        ((await this.repo.saveDirTaken(projectId, saveDir.trim())) ? C.SaveDirExists : null);
    return out;
  }

  /** The datasets, all in one project the actor may train in (404 on `field` otherwise). */
  private async sourceDatasets(actor: Actor, ids: number[], field: string) {
    const rows = await this.repo.datasets(ids);
    if (rows.length !== new Set(ids).size) throw AppError.notFound(field);
    const projectId = rows[0]!.projectId;
    if (rows.some((r) => r.projectId !== projectId)) throw AppError.notFound(field);
    await this.access(actor, projectId, field);
    return ids.map((id) => rows.find((r) => r.id === id)!);
  }

  async copyConflicts(actor: Actor, ids: number[]) {
    const ds = await this.sourceDatasets(actor, ids, 'dataset_ids');
    const found = await this.repo.copyConflicts(ids);
    return found.map((c) => ({
      dataset_id: c.datasetId,
      dataset_name: ds.find((d) => d.id === c.datasetId)!.name,
      conflicts: c.conflicts,
      sample: c.sample,
    }));
  }

  async create(actor: Actor, input: WorkCreate): Promise<number> {
    const name = input.name.trim();
    const saveDir = input.save_dir.trim();
    const ids = 'dataset_ids' in input ? input.dataset_ids : [input.dataset_id];
    if (input.kind === 'merge') {
      const i = mergeDatasetsIssue(ids);
      if (i) throw fail(i);
    }
    const ds = await this.sourceDatasets(actor, ids, 'dataset_id' in input ? 'dataset_id' : 'dataset_ids');
    if (ds[0]!.projectId !== input.project_id) throw AppError.notFound('project_id');
    const typeIssue = datasetTypesIssue(ds.map((d) => d.type));
    if (typeIssue) throw fail(typeIssue);
    if (await this.repo.workNameTaken(input.project_id, name))
      throw new AppError(C.WorkNameExists, 409, {}, 'name');
    if (await this.repo.saveDirTaken(input.project_id, saveDir))
      throw new AppError(C.SaveDirExists, 409, {}, 'save_dir');

    const dsType = ds[0]!.type;
    let task: ProcessingTask = dsType === 'ad' ? 'cf' : dsType;
    let options: Record<string, unknown> = {};
    const resolutions: Record<number, 'overwrite' | 'skip'> = {};
    let folderIds: number[] | null = null;
    if (input.kind === 'new') {
      task = input.task ?? task;
      folderIds = input.folder_ids?.length ? input.folder_ids : null;
      const i = labelingImagesIssue(await this.repo.imageCount(input.dataset_id, folderIds ?? undefined));
      if (i) throw fail(i);
    } else if (input.kind === 'copy') {
      const conflicting = (await this.repo.copyConflicts(ids))
        .filter((c) => c.conflicts > 0)
        .map((c) => c.datasetId);
      const r = resolveCopyConflicts(conflicting, input.conflicts, input.all);
      if (r.issue) throw fail(r.issue);
      Object.assign(resolutions, r.resolutions);
    } else if (input.kind === 'class_merge' || input.kind === 'class_remove') {
      const classes = (await this.datasetService.detailUnchecked(input.dataset_id)).classes;
      const i =
        input.kind === 'class_merge'
          ? classMergeIssue(classes, input.class_ids, input.result_name)
          : classRemoveIssue(classes, input.class_ids);
      if (i) throw fail(i, i.code === 'CLASS_NOT_FOUND' ? 404 : i.code === 'CLASS_DUPLICATE' ? 409 : 400);
      options =
        input.kind === 'class_merge'
          ? { classIds: input.class_ids, resultName: input.result_name.trim(), isOk: input.is_ok }
          : { classIds: input.class_ids };
    }

    if (!this.queue) throw new QueueUnavailableError();
    const client = await this.database.pool.connect();
    try {
      await client.query('BEGIN');
      const tx = drizzle(client, { schema });
      const resultDatasetId = await this.repo.insertDataset(tx, {
        projectId: input.project_id,
        name: saveDir,
        type: task,
        purpose: 'preprocessing',
        createdBy: actor.id,
      });
      const work = await this.repo.insertWork(tx, {
        projectId: input.project_id,
        name,
        kind: input.kind,
        task,
        description: input.description,
        options,
        saveDir,
        resultDatasetId,
        createdBy: actor.id,
      });
      await this.repo.insertSources(
        tx,
        ds.map((d, position) => ({
          workId: work.id,
          position,
          datasetId: d.id,
          datasetName: d.name,
          folderIds: position === 0 ? folderIds : null,
          resolution: input.kind === 'copy' ? (resolutions[d.id] ?? null) : null,
        })),
      );
      const jobId = await enqueueInTransaction(
        client,
        this.queue,
        { kind: 'processing.run', payload: { workId: work.id } },
        { projectId: input.project_id, userId: actor.id, singletonKey: `processing:${work.id}` },
      );
      await this.repo.update(work.id, { jobId }, tx);
      await client.query('COMMIT');
      return work.id;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      const e = err as { code?: string; constraint?: string };
      if (e.code === UNIQUE)
        throw e.constraint === 'processing_works_name_uq'
          ? new AppError(C.WorkNameExists, 409, {}, 'name')
          : new AppError(C.SaveDirExists, 409, {}, 'save_dir');
      throw err;
    } finally {
      client.release();
    }
  }

  private async current(actor: Actor, id: number) {
    await this.workFor(actor, id);
    const v = (await this.repo.view(id))!;
    return { v, status: statusFromJob(v.jobStatus, v.work.status) };
  }

  /**
   * Deletes the work and its result dataset together, or neither: not while it runs or someone else
   * edits it, not while its result is locked by a performance evaluation (IMAGE_DELETE_DURING_VERIFICATION)
   * or read by a training or another work in progress (WORK_RESULT_IN_USE).
   */
  async remove(actor: Actor, id: number) {
    const { v, status } = await this.current(actor, id);
    if (status === 'waiting' || status === 'progressing') throw new AppError(C.WorkInProgress, 409);
    if (availabilityOf(v.work, actor.id) === 'in_use_other')
      throw new AppError(C.WorkInUse, 409, { name: v.lockedByName ?? '' });
    const dsId = v.work.resultDatasetId;
    if (!dsId) await this.repo.deleteWork(id);
    else
      await this.datasetService.remove(actor, dsId, async (tx) => {
        if (await this.repo.datasetInUse(tx, dsId, id)) throw new AppError(C.WorkResultInUse, 409);
        await this.repo.deleteWork(id, tx);
      });
    // An external upload whose import never finished still has its stored pack.
    const pack = (v.work.options as { upload_key?: unknown }).upload_key;
    if (typeof pack === 'string' && this.storage)
      await this.storage.deleteMany([pack]).catch(() => undefined);
  }

  /** Opens the work for editing: takes or renews the edit lock (in use by someone → 409). */
  async lock(actor: Actor, id: number) {
    const { v, status } = await this.current(actor, id);
    if (status !== 'done') throw new AppError(C.WorkNotDone, 409, { status });
    if (v.work.finalSaved) throw new AppError(C.WorkFinalSaved, 409);
    const taken = await this.repo.lock(id, actor.id, EDIT_LOCK_TTL_MS);
    if (!taken) throw new AppError(C.WorkInUse, 409, { name: v.lockedByName ?? '' });
    return {
      availability: 'in_use_me' as const,
      lock_expires_at: taken.lockExpiresAt?.toISOString() ?? null,
    };
  }

  async unlock(actor: Actor, id: number) {
    await this.workFor(actor, id);
    await this.repo.unlock(id, actor.id);
    return { availability: 'available' as const, lock_expires_at: null };
  }

  /** Saves the labeling as final: locked from then on (changes go through copy labeling). */
  async finalSave(actor: Actor, id: number) {
    const { v, status } = await this.current(actor, id);
    if (status !== 'done') throw new AppError(C.WorkNotDone, 409, { status });
    if (v.work.finalSaved) throw new AppError(C.WorkFinalSaved, 409);
    if (availabilityOf(v.work, actor.id) === 'in_use_other')
      throw new AppError(C.WorkInUse, 409, { name: v.lockedByName ?? '' });
    await this.repo.update(id, {
      finalSaved: true,
      finalSavedAt: new Date(),
      lockedBy: null,
      lockExpiresAt: null,
    });
    return this.detail(actor, id);
  }

  /** A change to the work's result (class edit dialogs): refused when final-saved or edited by someone else. */
  async requireEditable(actor: Actor, id: number) {
    const { v, status } = await this.current(actor, id);
    if (v.work.finalSaved) throw new AppError(C.WorkFinalSaved, 409);
    if (status !== 'done') throw new AppError(C.WorkNotDone, 409, { status });
    if (availabilityOf(v.work, actor.id) === 'in_use_other')
      throw new AppError(C.WorkInUse, 409, { name: v.lockedByName ?? '' });
    if (!v.work.resultDatasetId) throw new AppError(C.WorkNotFound, 404, {}, 'id');
    return v.work.resultDatasetId;
  }
}
