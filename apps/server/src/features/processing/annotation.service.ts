// One image's annotation document (README.md): read it (rows → document) and save it with an
// optimistic revision. A save is refused on a final-saved labeling and while someone else holds
// the work's edit lock; every class it names must be one of the dataset's.
import {
  AnnotationErrorCode as A,
  ProcessingErrorCode as P,
  TARGET_REGION_MAX,
  availabilityOf,
  documentFromRows,
  documentToRows,
  migrateAnnotationDocument,
  type Actor,
  type AnnotationDocument,
  type AnnotationPut,
  type AnnotationView,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { requireProjectAccess } from '../../common/project-access';
import type { Db } from '@sightline/db';
import type { AnnotationRepository } from './annotation.repository';

export class AnnotationService {
  constructor(
    private readonly db: Db,
    private readonly repo: AnnotationRepository,
  ) {}

  private async imageFor(actor: Actor, datasetId: number, imageId: string) {
    const img = await this.repo.image(datasetId, imageId);
    if (!img) throw new AppError(A.ImageNotFound, 404, {}, 'imageId');
    await requireProjectAccess(this.db, actor, img.projectId, 'project.train', 'id');
    return img;
  }

  async get(actor: Actor, datasetId: number, imageId: string): Promise<AnnotationView> {
    const img = await this.imageFor(actor, datasetId, imageId);
    const rows = await this.repo.objects(imageId);
    return view(img, documentFromRows(img.classId, rows));
  }

  async put(actor: Actor, datasetId: number, imageId: string, body: AnnotationPut): Promise<AnnotationView> {
    await this.imageFor(actor, datasetId, imageId);
    const regions = body.document.regions;
    if (Array.isArray(regions) && regions.length > TARGET_REGION_MAX)
      throw new AppError(A.TargetRegionLimit, 400, { max: TARGET_REGION_MAX }, 'document.regions');
    let doc: AnnotationDocument;
    try {
      doc = migrateAnnotationDocument(body.document);
    } catch {
      throw new AppError(A.AnnotationInvalid, 400, {}, 'document');
    }
    const work = await this.repo.workOfDataset(datasetId);
    if (work?.finalSaved) throw new AppError(P.WorkFinalSaved, 409);
    if (work && availabilityOf(work, actor.id) === 'in_use_other')
      throw new AppError(P.WorkInUse, 409, { name: work.lockedByName ?? '' });

    return this.repo.transaction(async (tx) => {
      const img = (await this.repo.image(datasetId, imageId, tx, true))!;
      if (img.rev !== body.rev) throw new AppError(A.AnnotationConflict, 409, { rev: img.rev }, 'rev');
      const classes = await this.repo.classIds(datasetId, tx);
      const named = [doc.label, ...doc.objects.map((o) => o.classId)].filter((c): c is number => c !== null);
      if (named.some((c) => !classes.has(c)))
        throw new AppError(A.AnnotationClassUnknown, 400, {}, 'document');
      // A mask object may only point at this image's own stored masks.
      const prefix = `images/${imageId.toLowerCase()}/`;
      if (doc.objects.some((o) => o.type === 'mask' && !o.key.startsWith(prefix)))
        throw new AppError(A.AnnotationInvalid, 400, {}, 'document');
      const rev = await this.repo.save(
        tx,
        img,
        img.type === 'cf' || img.type === 'ad' ? doc.label : undefined,
        documentToRows(doc),
        actor.id,
        body.confirmed,
      );
      const fresh = (await this.repo.image(datasetId, imageId, tx))!;
      return view({ ...fresh, rev }, { ...doc, label: fresh.classId });
    });
  }
}

function view(
  img: {
    id: string;
    datasetId: number;
    fileName: string;
    width: number;
    height: number;
    rev: number;
    edited: boolean;
    confirmed: boolean;
    updatedAt: Date | null;
  },
  document: AnnotationDocument,
): AnnotationView {
  return {
    image_id: img.id,
    dataset_id: img.datasetId,
    file_name: img.fileName,
    width: img.width,
    height: img.height,
    rev: img.rev,
    edited: img.edited,
    confirmed: img.confirmed,
    updated_at: img.updatedAt?.toISOString() ?? null,
    document,
  };
}
