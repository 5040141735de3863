// Class management of cf datasets (SPEC §5 "Classes and labeling"): add, edit, replace the whole set
// (class edit dialog), merge, and remove (its images become Unclassified, its objects are deleted).
import {
  DatasetErrorCode as E,
  addClassError,
  classColorAt,
  classNameError,
  classSetErrors,
  mergeClassesError,
  type Actor,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import type { DatasetClassRow } from '@sightline/db';
import type { DatasetRepository } from './dataset.repository';
import type { DatasetService } from './dataset.service';

const uniqueViolation = (e: { code?: string; cause?: { code?: string } }) =>
  (e.cause?.code ?? e.code) === '23505';

export class ClassService {
  constructor(
    private readonly repo: DatasetRepository,
    private readonly datasets: DatasetService,
  ) {}

  private async cfDataset(actor: Actor, id: number) {
    const ds = await this.datasets.datasetFor(actor, id);
    if (ds.type !== 'cf' && ds.type !== 'ad') throw new AppError(E.ClassesOnlyForCf, 400);
    const classes = (await this.repo.classes(id)).map((c) => c.c);
    return { ds, classes };
  }

  /** Runs the change in one transaction; a racing duplicate name surfaces as CLASS_DUPLICATE. */
  private async change(
    id: number,
    fn: (tx: Parameters<Parameters<DatasetRepository['transaction']>[0]>[0]) => Promise<void>,
  ) {
    await this.repo
      .transaction(async (tx) => {
        await fn(tx);
        await this.repo.touch(tx, id);
      })
      .catch((e) => {
        if (uniqueViolation(e)) throw new AppError(E.ClassDuplicate, 409, {}, 'name');
        throw e;
      });
    return this.datasets.detailUnchecked(id);
  }

  async add(actor: Actor, id: number, body: { name: string; color?: string; is_ok: boolean }) {
    const { classes } = await this.cfDataset(actor, id);
    const name = body.name.trim();
    const err = addClassError(classes, name);
    if (err) throw new AppError(err, err === E.ClassDuplicate ? 409 : 400, {}, 'name');
    const order = classes.reduce((m, c) => Math.max(m, c.sortOrder + 1), 0);
    return this.change(id, async (tx) => {
      await this.repo.insertClasses(tx, [
        {
          datasetId: id,
          name,
          color: body.color ?? classColorAt(classes.length),
          isOk: body.is_ok,
          sortOrder: order,
        },
      ]);
    });
  }

  async update(
    actor: Actor,
    id: number,
    classId: number,
    body: { name?: string; color?: string; is_ok?: boolean; order?: number },
  ) {
    const { classes } = await this.cfDataset(actor, id);
    if (!classes.some((c) => c.id === classId)) throw new AppError(E.ClassNotFound, 404, {}, 'classId');
    const set: Partial<Pick<DatasetClassRow, 'name' | 'color' | 'isOk' | 'sortOrder'>> = {};
    if (body.name !== undefined) {
      const name = body.name.trim();
      const err = classNameError(name);
      if (err) throw new AppError(err, 400, {}, 'name');
      if (classes.some((c) => c.id !== classId && c.name.toLowerCase() === name.toLowerCase())) {
        throw new AppError(E.ClassDuplicate, 409, {}, 'name');
      }
      set.name = name;
    }
    if (body.color !== undefined) set.color = body.color;
    if (body.is_ok !== undefined) set.isOk = body.is_ok;
    if (body.order !== undefined) set.sortOrder = body.order;
    return this.change(id, (tx) => this.repo.updateClass(tx, classId, set));
  }

  /** The class edit dialog: the list in display order; rows without id are new; missing ones removed. */
  async replace(
    actor: Actor,
    id: number,
    list: { id?: number; name: string; color: string; is_ok: boolean }[],
  ) {
    const { classes } = await this.cfDataset(actor, id);
    const clean = list.map((c) => ({ ...c, name: c.name.trim() }));
    const errors = classSetErrors(clean.map((c) => ({ name: c.name, isOk: c.is_ok })));
    if (errors.length)
      throw new AppError(errors[0]!, errors[0] === E.ClassDuplicate ? 409 : 400, {}, 'classes');
    for (const c of clean)
      if (c.id !== undefined && !classes.some((x) => x.id === c.id))
        throw new AppError(E.ClassNotFound, 404, {}, 'classes');
    const keep = new Set(clean.filter((c) => c.id !== undefined).map((c) => c.id!));
    return this.change(id, async (tx) => {
      await this.repo.deleteClasses(
        tx,
        classes.filter((c) => !keep.has(c.id)).map((c) => c.id),
      );
      // Two passes so a swap of names never trips the unique index midway.
      for (const c of clean)
        if (c.id !== undefined) await this.repo.updateClass(tx, c.id, { name: `~tmp~${c.id}` });
      for (const [i, c] of clean.entries()) {
        if (c.id !== undefined)
          await this.repo.updateClass(tx, c.id, {
            name: c.name,
            color: c.color,
            isOk: c.is_ok,
            sortOrder: i,
          });
        else
          await this.repo.insertClasses(tx, [
            { datasetId: id, name: c.name, color: c.color, isOk: c.is_ok, sortOrder: i },
          ]);
      }
    });
  }

  async merge(
    actor: Actor,
    id: number,
    body: { class_ids: number[]; name: string; color?: string; is_ok?: boolean },
  ) {
    const { classes } = await this.cfDataset(actor, id);
    const name = body.name.trim();
    const err = mergeClassesError(classes, body.class_ids, name);
    if (err)
      throw new AppError(
        err,
        err === E.ClassDuplicate ? 409 : err === E.ClassNotFound ? 404 : 400,
        {},
        'class_ids',
      );
    const merged = classes.filter((c) => body.class_ids.includes(c.id));
    // The result keeps the first merged class (its id, order); the others fold into it.
    const [target, ...rest] = merged.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    return this.change(id, async (tx) => {
      await this.repo.moveClassImages(
        tx,
        rest.map((c) => c.id),
        target!.id,
      );
      await this.repo.deleteClasses(
        tx,
        rest.map((c) => c.id),
      );
      await this.repo.updateClass(tx, target!.id, {
        name,
        color: body.color ?? target!.color,
        isOk: body.is_ok ?? target!.isOk,
      });
    });
  }

  async remove(actor: Actor, id: number, classId: number) {
    const { classes } = await this.cfDataset(actor, id);
    if (!classes.some((c) => c.id === classId)) throw new AppError(E.ClassNotFound, 404, {}, 'classId');
    return this.change(id, (tx) => this.repo.deleteClasses(tx, [classId]));
  }
}
