// The class info / edit / merge / remove dialogs of a labeling work: they change the work's result
// dataset (any type), only while it is editable (not final-saved, not in use by someone else).
// Rules are the dataset area's (packages/domain dataset/classes.ts).
import { DatasetErrorCode as E, classSetErrors, mergeClassesError, type Actor } from '@sightline/domain';
import { AppError } from '../../common/app-error';
import type { ProcessingService } from './processing.service';
import type { WorkClassRepository } from './work-class.repository';

const statusOf = (code: string) => (code === E.ClassDuplicate ? 409 : code === E.ClassNotFound ? 404 : 400);

export interface WorkClass {
  id: number;
  name: string;
  color: string;
  is_ok: boolean;
  order: number;
}

export class WorkClassService {
  constructor(
    private readonly works: ProcessingService,
    private readonly repo: WorkClassRepository,
  ) {}

  async list(actor: Actor, workId: number): Promise<WorkClass[]> {
    const w = await this.works.workFor(actor, workId);
    return w.resultDatasetId ? this.view(w.resultDatasetId) : [];
  }

  private async view(datasetId: number): Promise<WorkClass[]> {
    return (await this.repo.classes(datasetId)).map((c) => ({
      id: c.id,
      name: c.name,
      color: c.color,
      is_ok: c.isOk,
      order: c.sortOrder,
    }));
  }

  /** Class edit: the whole list in display order; rows without id are new, missing ones removed. */
  async replace(
    actor: Actor,
    workId: number,
    list: { id?: number; name: string; color: string; is_ok: boolean }[],
  ) {
    const ds = await this.works.requireEditable(actor, workId);
    const existing = await this.repo.classes(ds);
    const clean = list.map((c) => ({ ...c, name: c.name.trim() }));
    const errors = classSetErrors(clean.map((c) => ({ name: c.name, isOk: c.is_ok })));
    if (errors.length) throw new AppError(errors[0]!, statusOf(errors[0]!), {}, 'classes');
    if (clean.some((c) => c.id !== undefined && !existing.some((x) => x.id === c.id)))
      throw new AppError(E.ClassNotFound, 404, {}, 'classes');
    const keep = new Set(clean.filter((c) => c.id !== undefined).map((c) => c.id!));
    await this.repo.transaction(async (tx) => {
      await this.repo.remove(
        tx,
        ds,
        existing.filter((c) => !keep.has(c.id)).map((c) => c.id),
      );
      for (const c of clean)
        if (c.id !== undefined) await this.repo.update(tx, c.id, { name: `~tmp~${c.id}` });
      for (const [i, c] of clean.entries()) {
        const row = { name: c.name, color: c.color, isOk: c.is_ok, sortOrder: i };
        if (c.id !== undefined) await this.repo.update(tx, c.id, row);
        else await this.repo.insert(tx, { ...row, datasetId: ds });
      }
      await this.repo.touch(tx, ds);
    });
    return this.view(ds);
  }

  /** Class merge: images and objects of the merged classes go to the first one, renamed. */
  async merge(actor: Actor, workId: number, body: { class_ids: number[]; name: string; is_ok?: boolean }) {
    const ds = await this.works.requireEditable(actor, workId);
    const existing = await this.repo.classes(ds);
    const name = body.name.trim();
    const err = mergeClassesError(existing, body.class_ids, name);
    if (err) throw new AppError(err, statusOf(err), {}, 'class_ids');
    const [target, ...rest] = existing.filter((c) => body.class_ids.includes(c.id));
    await this.repo.transaction(async (tx) => {
      await this.repo.move(
        tx,
        rest.map((c) => c.id),
        target!.id,
      );
      await this.repo.remove(
        tx,
        ds,
        rest.map((c) => c.id),
      );
      await this.repo.update(tx, target!.id, { name, isOk: body.is_ok ?? target!.isOk });
      await this.repo.touch(tx, ds);
    });
    return this.view(ds);
  }

  /** Class remove: its files go to Unclassified and its boxes are deleted. */
  async remove(actor: Actor, workId: number, classId: number) {
    const ds = await this.works.requireEditable(actor, workId);
    if (!(await this.repo.classes(ds)).some((c) => c.id === classId))
      throw new AppError(E.ClassNotFound, 404, {}, 'classId');
    await this.repo.transaction(async (tx) => {
      await this.repo.remove(tx, ds, [classId]);
      await this.repo.touch(tx, ds);
    });
    return this.view(ds);
  }
}
