// The rows a materialised dataset is built from: the dataset, its classes (sort order), its images
// (folder, then file name: a stable item order) and their annotation objects.
import { asc, eq } from 'drizzle-orm';
import { datasetClasses, datasetImages, datasets, imageObjects, type Db } from '@sightline/db';
import { imageKeys } from '@sightline/storage';

export interface MaterialImage {
  id: string;
  classId: number | null;
  sha256: string;
  format: string;
  width: number;
  height: number;
  /** Storage key of the original. */
  key: string;
}

export interface MaterialObject {
  classId: number | null;
  kind: string;
  geometry: unknown;
}

export interface MaterialRows {
  dataset: { id: number; type: 'cf' | 'od' | 'sg' | 'ad' };
  classes: { id: number; name: string; isOk: boolean }[];
  images: MaterialImage[];
  /** By image id, in insertion order. */
  objects: Map<string, MaterialObject[]>;
}

export async function loadDatasetRows(db: Db, datasetId: number): Promise<MaterialRows | null> {
  const [ds] = await db
    .select({ id: datasets.id, type: datasets.type })
    .from(datasets)
    .where(eq(datasets.id, datasetId));
  if (!ds) return null;
  const classes = await db
    .select({ id: datasetClasses.id, name: datasetClasses.name, isOk: datasetClasses.isOk })
    .from(datasetClasses)
    .where(eq(datasetClasses.datasetId, datasetId))
    .orderBy(asc(datasetClasses.sortOrder), asc(datasetClasses.id));
  const images = await db
    .select({
      id: datasetImages.id,
      classId: datasetImages.classId,
      sha256: datasetImages.sha256,
      format: datasetImages.format,
      width: datasetImages.width,
      height: datasetImages.height,
    })
    .from(datasetImages)
    .where(eq(datasetImages.datasetId, datasetId))
    .orderBy(asc(datasetImages.folderId), asc(datasetImages.fileName), asc(datasetImages.id));
  const objectRows = await db
    .select({
      imageId: imageObjects.imageId,
      classId: imageObjects.classId,
      kind: imageObjects.kind,
      geometry: imageObjects.geometry,
    })
    .from(imageObjects)
    .innerJoin(datasetImages, eq(datasetImages.id, imageObjects.imageId))
    .where(eq(datasetImages.datasetId, datasetId))
    .orderBy(asc(imageObjects.id));
  const objects = new Map<string, MaterialObject[]>();
  for (const { imageId, ...o } of objectRows) {
    const list = objects.get(imageId) ?? [];
    list.push(o);
    objects.set(imageId, list);
  }
  return {
    dataset: { id: ds.id, type: ds.type as MaterialRows['dataset']['type'] },
    classes,
    images: images.map((i) => ({ ...i, key: imageKeys(i.id).original })),
    objects,
  };
}
