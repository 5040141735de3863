// The annotation document ↔ its storage rows. Objects and target regions are image_objects rows
// (kind, class_id, geometry jsonb); the cf label is dataset_images.class_id. Kind 'box' is a
// rectangle (the name the od import and the trainer's materialiser have always used).
import {
  ANNOTATION_VERSION,
  annotationObjectSchema,
  targetRegionSchema,
  type AnnotationDocument,
  type AnnotationObject,
  type TargetRegion,
} from './document';

export const REGION_KIND = 'region';
export const OBJECT_KINDS = ['box', 'polygon', 'path', 'sam', 'eraser', 'mask', 'rle', REGION_KIND] as const;

export interface AnnotationRow {
  kind: string;
  classId: number | null;
  geometry: Record<string, unknown>;
}

export interface StoredAnnotationRow extends AnnotationRow {
  /** The row id (names objects stored without an object id, e.g. by the zip import). */
  id: number | string;
}

const kindOf = (type: AnnotationObject['type']) => (type === 'rectangle' ? 'box' : type);
const typeOf = (kind: string) => (kind === 'box' ? 'rectangle' : kind);

/** One object → its row: the geometry keeps every field but type and class, the object id as `oid`. */
export function objectToRow(o: AnnotationObject): AnnotationRow {
  const { id, type, classId, ...rest } = o;
  return { kind: kindOf(type), classId, geometry: { ...rest, oid: id } };
}

export function regionToRow(r: TargetRegion): AnnotationRow {
  const { id, ...rest } = r;
  return { kind: REGION_KIND, classId: null, geometry: { ...rest, oid: id } };
}

/** The rows of a whole document (objects in order, then regions). */
export function documentToRows(doc: AnnotationDocument): AnnotationRow[] {
  return [...doc.objects.map(objectToRow), ...doc.regions.map(regionToRow)];
}

/** A row → its object, or null when the row is a region or does not parse (an unknown kind is skipped). */
export function rowToObject(row: StoredAnnotationRow): AnnotationObject | null {
  if (row.kind === REGION_KIND) return null;
  const { oid, ...g } = row.geometry ?? {};
  const parsed = annotationObjectSchema.safeParse({
    ...g,
    id: typeof oid === 'string' && oid ? oid : `r${row.id}`,
    type: typeOf(row.kind),
    classId: row.classId,
  });
  return parsed.success ? parsed.data : null;
}

export function rowToRegion(row: StoredAnnotationRow): TargetRegion | null {
  if (row.kind !== REGION_KIND) return null;
  const { oid, ...g } = row.geometry ?? {};
  const parsed = targetRegionSchema.safeParse({
    ...g,
    id: typeof oid === 'string' && oid ? oid : `r${row.id}`,
  });
  return parsed.success ? parsed.data : null;
}

/** The document of an image from its label and rows (in row order). */
export function documentFromRows(
  label: number | null,
  rows: readonly StoredAnnotationRow[],
): AnnotationDocument {
  const objects: AnnotationObject[] = [];
  const regions: TargetRegion[] = [];
  for (const row of rows) {
    const o = rowToObject(row);
    if (o) objects.push(o);
    const r = rowToRegion(row);
    if (r) regions.push(r);
  }
  return { version: ANNOTATION_VERSION, label, objects, regions };
}
