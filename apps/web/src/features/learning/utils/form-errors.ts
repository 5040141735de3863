// Where a refusal of the create request is shown: each server code names the form field it belongs to;
// codes without a field (limits, unknown) are shown above the form and flashed.
export type LearningField =
  'dataset' | 'name' | 'algorithm' | 'params' | 'okClasses' | 'regions' | 'base' | 'validationSplit';

const FIELD_OF: Record<string, LearningField> = {
  MODEL_NAME_REQUIRED: 'name',
  MODEL_NAME_INVALID: 'name',
  MODEL_NAME_EXISTS: 'name',
  ALGORITHM_REQUIRED: 'algorithm',
  ALGORITHM_NOT_AVAILABLE: 'algorithm',
  ALGORITHM_TASK_MISMATCH: 'algorithm',
  TRAIN_PARAM_INVALID: 'params',
  TRAIN_PARAM_INVALID_AUTO: 'params',
  TRAIN_PARAM_UNKNOWN: 'params',
  TARGET_REGION_LIMIT: 'regions',
  TARGET_REGION_SAME_SIZE: 'regions',
  TARGET_REGION_INVALID: 'regions',
  OK_CLASS_REQUIRED: 'okClasses',
  RELEARN_CLASS_MISMATCH: 'base',
  DATASET_PURPOSE_MISMATCH: 'dataset',
  DATASET_NOT_FOUND: 'dataset',
  LEARNING_NOT_DONE: 'base',
};

/** The form field of a server error code, or null for a general message (limits, validation of other fields). */
export function fieldOfCode(code: string, field?: string): LearningField | null {
  if (FIELD_OF[code]) return FIELD_OF[code]!;
  if (field === 'name' || field === 'dataset_id') return field === 'name' ? 'name' : 'dataset';
  if (field === 'validation_split') return 'validationSplit';
  if (field === 'regions' || field?.startsWith('regions.')) return 'regions';
  if (field === 'params' || field?.startsWith('params.')) return 'params';
  if (field === 'ok_classes') return 'okClasses';
  return null;
}
