import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  classMergeIssue,
  classRemoveIssue,
  errorMessage,
  labelingImagesIssue,
  mergeDatasetsIssue,
  resolveCopyConflicts,
  saveDirIssue,
  saveDirTakenIssue,
  statusFromJob,
  workCreateSchema,
  workNameIssue,
} from '../..';

describe('processing rules (SPEC §5)', () => {
  it('work name: required, at most 30 characters', () => {
    expect(workNameIssue(' ')?.code).toBe('WORK_NAME_REQUIRED');
    expect(workNameIssue('x'.repeat(31))).toMatchObject({ code: 'WORK_NAME_TOO_LONG', params: { max: 30 } });
    expect(workNameIssue('라벨링 작업 1')).toBeNull();
    expect(errorMessage('WORK_NAME_TOO_LONG', 'en', { max: 30 })).toBe(
      'A work name may be at most 30 characters.',
    );
  });

  it('save directory: digits, letters, _ and -; must not exist', () => {
    expect(saveDirIssue('')?.code).toBe('SAVE_DIR_REQUIRED');
    expect(saveDirIssue('a b')?.code).toBe('SAVE_DIR_INVALID');
    expect(saveDirIssue('결과')?.code).toBe('SAVE_DIR_INVALID');
    expect(saveDirIssue('out_01-a')).toBeNull();
    expect(saveDirTakenIssue('OUT', ['x', 'out'])?.code).toBe('SAVE_DIR_EXISTS');
    expect(errorMessage('SAVE_DIR_EXISTS', 'en')).toBe('Invalid or duplicate folder name.');
  });

  it('manual labeling needs 100 images; merge needs 2 different datasets', () => {
    expect(labelingImagesIssue(99)).toMatchObject({ code: 'LABELING_TOO_FEW_IMAGES', params: { min: 100 } });
    expect(labelingImagesIssue(100)).toBeNull();
    expect(mergeDatasetsIssue([1])?.code).toBe('MERGE_TOO_FEW_DATASETS');
    expect(mergeDatasetsIssue([1, 1])?.code).toBe('DATASET_LIST_DUPLICATE');
    expect(mergeDatasetsIssue([1, 2])).toBeNull();
  });

  it('copy conflicts: per dataset, all overwrite / all skip fill the rest, each needs an answer', () => {
    expect(resolveCopyConflicts([2, 3], { '2': 'skip' }, 'overwrite').resolutions).toEqual({
      2: 'skip',
      3: 'overwrite',
    });
    expect(resolveCopyConflicts([2, 3], { '2': 'skip' }).issue?.code).toBe('COPY_RESOLUTION_REQUIRED');
    expect(resolveCopyConflicts([], {}).issue).toBeNull();
  });

  it('class merge and remove', () => {
    const cls = [
      { id: 1, name: 'ok' },
      { id: 2, name: 'scratch' },
      { id: 3, name: 'dent' },
    ];
    expect(classMergeIssue(cls, [2], 'defect')?.code).toBe('CLASS_MERGE_INVALID');
    expect(classMergeIssue(cls, [2, 2], 'defect')?.code).toBe('CLASS_MERGE_INVALID');
    expect(classMergeIssue(cls, [2, 9], 'defect')?.code).toBe('CLASS_NOT_FOUND');
    expect(classMergeIssue(cls, [2, 3], 'OK')).toMatchObject({
      code: 'CLASS_DUPLICATE',
      field: 'result_name',
    });
    expect(classMergeIssue(cls, [2, 3], '')?.field).toBe('result_name');
    expect(classMergeIssue(cls, [2, 3], 'defect')).toBeNull();
    expect(classRemoveIssue(cls, [])?.code).toBe('CLASS_REMOVE_REQUIRED');
    expect(classRemoveIssue(cls, [7])?.code).toBe('CLASS_NOT_FOUND');
    expect(classRemoveIssue(cls, [3])).toBeNull();
  });

  it('availability and status', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const later = new Date('2026-01-01T00:05:00Z');
    expect(availabilityOf({ lockedBy: null, lockExpiresAt: null }, 1, now)).toBe('available');
    expect(availabilityOf({ lockedBy: 1, lockExpiresAt: later }, 1, now)).toBe('in_use_me');
    expect(availabilityOf({ lockedBy: 2, lockExpiresAt: later }, 1, now)).toBe('in_use_other');
    expect(availabilityOf({ lockedBy: 2, lockExpiresAt: now }, 1, now)).toBe('available');
    expect(statusFromJob('running', 'waiting')).toBe('progressing');
    expect(statusFromJob('cancelled', 'progressing')).toBe('error');
    expect(statusFromJob(null, 'done')).toBe('done');
  });

  it('create schema answers the spec codes', () => {
    const r = workCreateSchema.safeParse({
      kind: 'merge',
      project_id: 1,
      name: '',
      save_dir: 'a',
      dataset_ids: [],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('WORK_NAME_REQUIRED');
    const ok = workCreateSchema.parse({
      kind: 'copy',
      project_id: 1,
      name: 'n',
      save_dir: 'd',
      dataset_ids: [4],
      all: 'skip',
    });
    expect(ok.kind === 'copy' && ok.conflicts).toEqual({});
  });
});
