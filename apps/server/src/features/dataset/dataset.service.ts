// Dataset list/detail, rename, delete, folder rename, image list/delete, upload quota and image media.
import {
  DatasetErrorCode as E,
  TRIAL_UPLOAD_MAX_IMAGES,
  classSetErrors,
  datasetNameError,
  folderNameError,
  isTrialAccount,
  type Actor,
  type DatasetDetail,
  type DatasetListQuery,
  type DatasetPurpose,
  type ImageListQuery,
  type ProductName,
  type UploadQuota,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { imageKeys, type Storage } from '@sightline/storage';
import type { DatasetRow, UserRow } from '@sightline/db';
import type { ProjectAccess } from '../../common/project-access';
import type { DatasetRepository, Tx } from './dataset.repository';
import { mapClass, mapDatasetSummary, mapImage } from './dataset.mapper';
import { datasetMediaScope, type MediaSigner } from './media-signer';

export const isTrialUser = (user: Pick<UserRow, 'trial' | 'roleId'>, product: ProductName) =>
  user.trial || isTrialAccount({ roleId: user.roleId as Actor['roleId'] }, product);

export class DatasetService {
  constructor(
    private readonly repo: DatasetRepository,
    private readonly access: ProjectAccess,
    private readonly storage: Storage,
    private readonly media: MediaSigner,
  ) {}

  /** findOrFail + access: the dataset, after checking the caller may train in its project. */
  async datasetFor(actor: Actor, id: number): Promise<DatasetRow> {
    const ds = await this.repo.findById(id);
    if (!ds) throw new AppError(E.DatasetNotFound, 404, {}, 'id');
    await this.access.require(actor, ds.projectId);
    return ds;
  }

  async requireProject(actor: Actor, projectId: number): Promise<void> {
    await this.access.require(actor, projectId);
  }

  async list(actor: Actor, q: DatasetListQuery) {
    await this.access.require(actor, q.project_id);
    const { rows, total } = await this.repo.list(q.project_id, q);
    return { data: rows.map((r) => mapDatasetSummary(r.d, r)), total };
  }

  async detail(actor: Actor, id: number): Promise<DatasetDetail> {
    await this.datasetFor(actor, id);
    return this.detailUnchecked(id);
  }

  async detailUnchecked(id: number): Promise<DatasetDetail> {
    const row = await this.repo.findWithStats(id);
    if (!row) throw new AppError(E.DatasetNotFound, 404, {}, 'id');
    const [folders, classes, unclassified] = await Promise.all([
      this.repo.folders(id),
      this.repo.classes(id),
      this.repo.unclassifiedCount(id),
    ]);
    const cls = classes.map((c) => mapClass(c.c, c.imageCount));
    return {
      ...mapDatasetSummary(row.d, row),
      folders: folders.map((f) => ({ id: f.id, name: f.name, image_count: Number(f.imageCount) })),
      classes: cls,
      unclassified_count: row.d.type === 'cf' || row.d.type === 'ad' ? unclassified : 0,
      class_problems:
        row.d.type === 'cf' || row.d.type === 'ad'
          ? classSetErrors(cls.map((c) => ({ name: c.name, isOk: c.is_ok })))
          : [],
    };
  }

  async update(
    actor: Actor,
    id: number,
    patch: { name?: string; purpose?: DatasetPurpose },
  ): Promise<DatasetDetail> {
    const ds = await this.datasetFor(actor, id);
    const set: { name?: string; purpose?: DatasetPurpose } = {};
    if (patch.name !== undefined) {
      const err = datasetNameError(patch.name);
      if (err) throw new AppError(err, 400, {}, 'name');
      if (await this.repo.nameTaken(ds.projectId, patch.name.trim(), ds.id))
        throw new AppError(E.DatasetNameExists, 409, {}, 'name');
      set.name = patch.name.trim();
    }
    if (patch.purpose) set.purpose = patch.purpose;
    await this.repo.updateDataset(id, set);
    return this.detailUnchecked(id);
  }

  /** `alsoInTx` runs in the deletion's transaction after the lock check (it may refuse by throwing). */
  async remove(actor: Actor, id: number, alsoInTx?: (tx: Tx) => Promise<void>): Promise<void> {
    await this.datasetFor(actor, id);
    const ids = await this.repo.transaction(async (tx) => {
      await this.repo.lockRow(tx, id);
      if (await this.repo.isLocked(tx, id)) throw new AppError(E.ImageDeleteDuringVerification, 409);
      await alsoInTx?.(tx);
      const ids = await this.repo.allImageIds(id);
      await this.repo.deleteDataset(tx, id);
      return ids;
    });
    // Objects go after the rows: a crash in between leaves unreferenced objects, never broken rows.
    await this.storage.deleteMany(ids.flatMap((i) => Object.values(imageKeys(i))));
  }

  async renameFolder(actor: Actor, id: number, folderId: number, name: string) {
    await this.datasetFor(actor, id);
    const folders = await this.repo.folders(id);
    const folder = folders.find((f) => f.id === folderId);
    if (!folder) throw AppError.notFound('folderId');
    const clean = name.trim();
    const err = folderNameError(
      clean,
      folders.filter((f) => f.id !== folderId).map((f) => f.name),
    );
    if (err) throw new AppError(err, 400, { name: clean }, 'name');
    await this.repo
      .transaction(async (tx) => {
        await this.repo.renameFolder(tx, folderId, clean);
        await this.repo.touch(tx, id);
      })
      .catch((e: { cause?: { code?: string }; code?: string }) => {
        if ((e.cause?.code ?? e.code) === '23505')
          throw new AppError(E.FolderNameInvalid, 400, { name: clean }, 'name');
        throw e;
      });
    return { id: folderId, name: clean, image_count: Number(folder.imageCount) };
  }

  async images(actor: Actor, id: number, q: ImageListQuery) {
    const ds = await this.datasetFor(actor, id);
    const { rows, total } = await this.repo.listImages(id, {
      folderId: q.folder_id,
      classId: q.class_id,
      filter: q.filter,
      page: q.page,
      perPage: q.perPage,
    });
    const token = this.media.sign(actor.id, datasetMediaScope(ds.id), 3600);
    return { data: rows.map((r) => mapImage(r, token)), total };
  }

  async deleteImages(actor: Actor, id: number, imageIds: string[]): Promise<number> {
    await this.datasetFor(actor, id);
    if (!imageIds.length) throw new AppError(E.ImageSelectionRequired, 400, {}, 'image_ids');
    const deleted = await this.repo.transaction(async (tx) => {
      // The row lock makes "check lock, then delete" atomic against an evaluation taking the lock.
      await this.repo.lockRow(tx, id);
      if (await this.repo.isLocked(tx, id)) throw new AppError(E.ImageDeleteDuringVerification, 409);
      const deleted = await this.repo.deleteImages(tx, id, [...new Set(imageIds)]);
      await this.repo.touch(tx, id);
      return deleted;
    });
    await this.storage.deleteMany(deleted.flatMap((i) => Object.values(imageKeys(i))));
    return deleted.length;
  }

  async quota(actor: Actor, user: UserRow, projectId: number, product: ProductName): Promise<UploadQuota> {
    await this.access.require(actor, projectId);
    const { limit, used } = await this.repo.uploadUsage(projectId);
    const trial = isTrialUser(user, product);
    return {
      remaining: limit === null ? null : Math.max(0, limit - used),
      limit,
      used,
      per_upload: trial ? TRIAL_UPLOAD_MAX_IMAGES : null,
      trial,
    };
  }

  /**
   * An image object for a signed token or a signed-in actor who may train in its project.
   * Unknown image, bad token and no access all answer 404 so ids cannot be probed.
   */
  async openImage(imageId: string, variant: 'thumb' | 'original', who: { token?: string; actor?: Actor }) {
    const img = await this.repo.findImage(imageId);
    if (!img) throw new AppError(E.ImageLoadFailed, 404);
    let ok = this.media.verify(who.token, datasetMediaScope(img.datasetId)) !== null;
    if (!ok && who.actor)
      ok = await this.access.require(who.actor, img.projectId).then(
        () => true,
        () => false,
      );
    if (!ok) throw new AppError(E.ImageLoadFailed, 404);
    const keys = imageKeys(img.id);
    // A small image can be its own thumbnail: the external labeling import stores no thumbnail for it
    // (older imports stored a copy of the same size), so the original is served.
    const thumb = variant === 'thumb' ? await this.storage.get(keys.thumb) : null;
    const obj = thumb ?? (await this.storage.get(keys.original));
    if (!obj) throw new AppError(E.ImageLoadFailed, 404);
    return {
      obj,
      etag: `"${img.sha256.slice(0, 32)}-${variant}"`,
      type: thumb && obj.size !== Number(img.sizeBytes) ? 'image/webp' : `image/${img.format}`,
    };
  }
}
