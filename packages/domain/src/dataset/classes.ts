// Class rules of SPEC §5 "Classes and labeling": 2 to 34 classes, at least one OK and one not OK,
// no duplicate names; class merge needs at least 2 existing classes, each once, and a result name.
import { CLASS_MAX, CLASS_MIN, MERGE_MIN } from '../constants';
import { DatasetErrorCode as ErrorCode } from './codes';
import { classNameError } from './names';

export interface ClassDraft {
  name: string;
  isOk: boolean;
}

const key = (name: string) => name.trim().toLowerCase();

/** The first duplicate name in a class list, or null. Names compare case-insensitively. */
export function duplicateClassName(classes: readonly Pick<ClassDraft, 'name'>[]): string | null {
  const seen = new Set<string>();
  for (const c of classes) {
    if (seen.has(key(c.name))) return c.name.trim();
    seen.add(key(c.name));
  }
  return null;
}

/** Problems of a complete class set, in the order the class edit dialog reports them. */
export function classSetErrors(classes: readonly ClassDraft[]): string[] {
  const errors: string[] = [];
  for (const c of classes) {
    const e = classNameError(c.name);
    if (e) errors.push(e);
  }
  if (classes.length > CLASS_MAX) errors.push(ErrorCode.ClassLimit);
  if (classes.length < CLASS_MIN) errors.push(ErrorCode.ClassTooFew);
  if (!classes.some((c) => c.isOk) || !classes.some((c) => !c.isOk)) errors.push(ErrorCode.ClassOkNgRequired);
  if (duplicateClassName(classes)) errors.push(ErrorCode.ClassDuplicate);
  return [...new Set(errors)];
}

/** Adding one class: name rules, the 34 limit and no duplicate among `existing`. */
export function addClassError(existing: readonly Pick<ClassDraft, 'name'>[], name: string): string | null {
  const e = classNameError(name);
  if (e) return e;
  if (existing.length >= CLASS_MAX) return ErrorCode.ClassLimit;
  if (existing.some((c) => key(c.name) === key(name))) return ErrorCode.ClassDuplicate;
  return null;
}

/**
 * Class merge: at least 2 classes, each existing and listed once, and a result name that does not
 * collide with a class outside the merge.
 */
export function mergeClassesError(
  existing: readonly { id: number; name: string }[],
  mergeIds: readonly number[],
  resultName: string,
): string | null {
  if (new Set(mergeIds).size !== mergeIds.length) return ErrorCode.ClassMergeInvalid;
  if (mergeIds.length < MERGE_MIN) return ErrorCode.ClassMergeInvalid;
  if (!mergeIds.every((id) => existing.some((c) => c.id === id))) return ErrorCode.ClassNotFound;
  const nameErr = classNameError(resultName);
  if (nameErr) return nameErr;
  const outside = existing.filter((c) => !mergeIds.includes(c.id));
  if (outside.some((c) => key(c.name) === key(resultName))) return ErrorCode.ClassDuplicate;
  return null;
}

/** Default palette picked round-robin for new classes (the web may offer its 50-colour palette). */
export const CLASS_COLORS = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#46f0f0',
  '#f032e6',
  '#bcf60c',
  '#fabebe',
  '#008080',
  '#e6beff',
  '#9a6324',
  '#fffac8',
  '#800000',
  '#aaffc3',
  '#808000',
  '#ffd8b1',
  '#000075',
  '#808080',
] as const;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const classColorAt = (i: number) => CLASS_COLORS[i % CLASS_COLORS.length]!;
