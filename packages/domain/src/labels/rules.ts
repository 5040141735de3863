// Label formats and the external labeling upload checks (SPEC §5 "External labeling"), pure so that the
// web dialog and the server give the same answer: only .png/.jpg images; bbox file names match the
// image names, are unique and carry the chosen type's extension; the class file is a .txt.
import { LabelErrorCode as C } from './codes';

/** What an od dataset's labels can be imported from and exported to. */
export const LABEL_TYPES = ['yolo', 'voc', 'coco'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
export const LABEL_TYPE_EXTENSION: Record<LabelType, string> = { yolo: '.txt', voc: '.xml', coco: '.json' };
export const LABEL_TYPE_NAMES: Record<LabelType, string> = {
  yolo: 'YOLO (txt)',
  voc: 'Pascal VOC (xml)',
  coco: 'COCO (json)',
};

/** Export: od in one of the label types, sg as mask PNGs; cf keeps its class folders (no format). */
export const EXPORT_FORMATS = [...LABEL_TYPES, 'masks'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function exportFormatsFor(type: string): ExportFormat[] {
  if (type === 'od') return [...LABEL_TYPES];
  if (type === 'sg') return ['masks'];
  return [];
}

export function exportFormatError(type: string, format: string | undefined | null): string | null {
  if (!format) return null;
  return (exportFormatsFor(type) as string[]).includes(format) ? null : C.ExportFormatInvalid;
}

export const EXTERNAL_IMAGE_EXTENSIONS = ['.png', '.jpg'] as const;

const extOf = (name: string) => {
  const base = name.split('/').pop()!;
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i).toLowerCase() : '';
};
const stemOf = (name: string) => {
  const base = name.split('/').pop()!;
  const i = base.lastIndexOf('.');
  return (i > 0 ? base.slice(0, i) : base).toLowerCase();
};

export interface ExternalFiles {
  labelType: LabelType | null | undefined;
  /** Image file names (paths allowed: the base name counts). */
  images: readonly string[];
  /** Bbox (label) file names. */
  labels: readonly string[];
  /** The class file, when one was given. */
  classFile?: string | null;
}

export interface ExternalIssue {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * The first problem of an external labeling upload, or null. Order: type chosen, images present and
 * .png/.jpg, class file (.txt; required for YOLO, whose label lines carry class numbers only), label
 * extension, duplicate label names, labels naming no image (COCO: one json, names checked after parsing).
 */
export function externalFilesIssue(f: ExternalFiles): ExternalIssue | null {
  if (!f.labelType) return { code: C.LabelTypeRequired };
  if (!f.images.length) return { code: C.ExternalImagesRequired };
  for (const img of f.images)
    if (!(EXTERNAL_IMAGE_EXTENSIONS as readonly string[]).includes(extOf(img)))
      return { code: C.ExternalImageExtension, params: { file: img } };
  if (f.classFile && extOf(f.classFile) !== '.txt')
    return { code: C.ClassFileExtension, params: { file: f.classFile } };
  if (f.labelType === 'yolo' && !f.classFile) return { code: C.ClassFileRequired };
  const ext = LABEL_TYPE_EXTENSION[f.labelType];
  for (const l of f.labels)
    if (extOf(l) !== ext) return { code: C.BboxExtensionMismatch, params: { file: l, ext } };
  if (f.labelType === 'coco') {
    if (f.labels.length !== 1)
      return f.labels.length
        ? { code: C.BboxNameDuplicate, params: { file: f.labels[1]! } }
        : { code: C.BboxNameMismatch, params: { file: '-' } };
    return null;
  }
  const seen = new Set<string>();
  for (const l of f.labels) {
    const s = stemOf(l);
    if (seen.has(s)) return { code: C.BboxNameDuplicate, params: { file: l } };
    seen.add(s);
  }
  const images = new Set(f.images.map(stemOf));
  for (const l of f.labels)
    if (!images.has(stemOf(l))) return { code: C.BboxNameMismatch, params: { file: l } };
  return null;
}

/** COCO: every image the json names must be among the uploaded images (by base name). */
export function cocoNamesIssue(
  jsonFile: string,
  named: readonly string[],
  images: readonly string[],
): ExternalIssue | null {
  const have = new Set(images.map((i) => i.split('/').pop()!.toLowerCase()));
  const seen = new Set<string>();
  for (const n of named) {
    const base = n.split('/').pop()!.toLowerCase();
    if (seen.has(base)) return { code: C.BboxNameDuplicate, params: { file: `${jsonFile}: ${n}` } };
    seen.add(base);
    if (!have.has(base)) return { code: C.BboxNameMismatch, params: { file: `${jsonFile}: ${n}` } };
  }
  return null;
}
