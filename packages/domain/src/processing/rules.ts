// Processing rules of SPEC §5, written once for server and web. Each check answers an issue
// {code, params, field} or null; class-set rules are the dataset area's (dataset/classes.ts).
import { MANUAL_LABELING_MIN_IMAGES, MERGE_MIN, WORK_NAME_MAX } from '../constants';
import { DATASET_NAME_PATTERN, NAME_MAX } from '../dataset/names';
import { DatasetErrorCode } from '../dataset/codes';
import { mergeClassesError } from '../dataset/classes';
import { ProcessingErrorCode as C } from './codes';
import type { CopyResolution } from './types';

export interface ProcessingIssue {
  code: string;
  params: Record<string, string | number>;
  field: string;
}
const issue = (
  code: string,
  field: string,
  params: Record<string, string | number> = {},
): ProcessingIssue => ({
  code,
  params,
  field,
});

/** Work name: required, at most 30 characters (SPEC §5, §9). */
export function workNameIssue(name: string | null | undefined): ProcessingIssue | null {
  const v = (name ?? '').trim();
  if (!v) return issue(C.WorkNameRequired, 'name');
  if (v.length > WORK_NAME_MAX) return issue(C.WorkNameTooLong, 'name', { max: WORK_NAME_MAX });
  return null;
}

/** Save directory (result folder): required; digits, letters, '_' and '-' only. */
export function saveDirIssue(dir: string | null | undefined): ProcessingIssue | null {
  const v = (dir ?? '').trim();
  if (!v) return issue(C.SaveDirRequired, 'save_dir');
  if (v.length > NAME_MAX || !DATASET_NAME_PATTERN.test(v)) return issue(C.SaveDirInvalid, 'save_dir');
  return null;
}

/** The folder must not already exist (a dataset or another work's result of that name, any case). */
export function saveDirTakenIssue(dir: string, taken: Iterable<string>): ProcessingIssue | null {
  const v = dir.trim().toLowerCase();
  for (const t of taken) if (t.toLowerCase() === v) return issue(C.SaveDirExists, 'save_dir');
  return null;
}

/** Manual labeling needs at least 100 images. */
export function labelingImagesIssue(imageCount: number): ProcessingIssue | null {
  return imageCount < MANUAL_LABELING_MIN_IMAGES
    ? issue(C.LabelingTooFewImages, 'dataset_id', { min: MANUAL_LABELING_MIN_IMAGES, count: imageCount })
    : null;
}

/** Merge labeling: at least 2 datasets, each once. */
export function mergeDatasetsIssue(ids: readonly number[]): ProcessingIssue | null {
  if (new Set(ids).size !== ids.length) return issue(C.DatasetListDuplicate, 'dataset_ids');
  if (ids.length < MERGE_MIN) return issue(C.MergeTooFewDatasets, 'dataset_ids', { min: MERGE_MIN });
  return null;
}

/** Datasets combined into one result must share a type. */
export function datasetTypesIssue(types: readonly string[]): ProcessingIssue | null {
  return new Set(types).size > 1 ? issue(C.DatasetTypeMismatch, 'dataset_ids') : null;
}

/**
 * Copy labeling conflict resolution, per dataset: `all` (all overwrite / all skip) fills in every
 * dataset, a per-dataset choice wins over it; every conflicting dataset needs an answer.
 */
export function resolveCopyConflicts(
  conflicting: readonly number[],
  perDataset: Readonly<Record<string, CopyResolution>>,
  all?: CopyResolution,
): { resolutions: Record<number, CopyResolution>; issue: ProcessingIssue | null } {
  const resolutions: Record<number, CopyResolution> = {};
  for (const id of conflicting) {
    const r = perDataset[String(id)] ?? all;
    if (!r) return { resolutions, issue: issue(C.CopyResolutionRequired, 'conflicts', { dataset_id: id }) };
    resolutions[id] = r;
  }
  return { resolutions, issue: null };
}

/** Class merge as a work: the dataset rules (≥ 2 classes, each existing once, a result name). */
export function classMergeIssue(
  existing: readonly { id: number; name: string }[],
  classIds: readonly number[],
  resultName: string,
): ProcessingIssue | null {
  const code = mergeClassesError(existing, classIds, resultName.trim());
  if (!code) return null;
  const field =
    code === DatasetErrorCode.ClassNameRequired ||
    code === DatasetErrorCode.ClassNameInvalid ||
    code === DatasetErrorCode.ClassDuplicate
      ? 'result_name'
      : 'class_ids';
  return issue(code, field);
}

/** Class remove: at least one class, each existing, and at least one class must remain. */
export function classRemoveIssue(
  existing: readonly { id: number }[],
  classIds: readonly number[],
): ProcessingIssue | null {
  if (!classIds.length || new Set(classIds).size !== classIds.length)
    return issue(C.ClassRemoveRequired, 'class_ids');
  if (!classIds.every((id) => existing.some((c) => c.id === id)))
    return issue(DatasetErrorCode.ClassNotFound, 'class_ids');
  return null;
}
