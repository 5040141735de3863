// Error codes of the annotation document API (texts in processing/messages.ts).
export const AnnotationErrorCode = {
  /** PUT with a rev that is not the stored one: someone saved in between (reload and redo). */
  AnnotationConflict: 'ANNOTATION_CONFLICT',
  AnnotationInvalid: 'ANNOTATION_INVALID',
  /** An object names a class the dataset does not have. */
  AnnotationClassUnknown: 'ANNOTATION_CLASS_UNKNOWN',
  TargetRegionLimit: 'TARGET_REGION_LIMIT',
  ImageNotFound: 'IMAGE_NOT_FOUND',
} as const;
