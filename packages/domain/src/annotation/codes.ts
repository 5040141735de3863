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

// Error codes of click segmentation (SPEC §7 model files, §8 npy/onnx load errors; texts in messages.ts).
export const SegmentErrorCode = {
  /** An encoder or decoder .onnx file does not load in onnxruntime. */
  OnnxLoad: 'SEGMENT_ONNX_LOAD',
  /** A cached or sent .npy embedding does not parse. */
  NpyLoad: 'SEGMENT_NPY_LOAD',
  /** No model pair is installed (neither an uploaded one nor the default). */
  ModelMissing: 'SEGMENT_MODEL_MISSING',
  /** An upload lacks the encoder or the decoder file, or a file is not .onnx. */
  ModelFiles: 'SEGMENT_MODEL_FILES',
  /** The pair loads but its inputs/outputs do not fit the click-segmentation contract. */
  ModelShape: 'SEGMENT_MODEL_SHAPE',
  /** A project refinement was asked with fewer masked sg images than SEGMENT_REFINE_MIN_IMAGES. */
  RefineTooFew: 'SEGMENT_REFINE_TOO_FEW',
  /** The refinement's trainer stopped with an error (the default pair stays in use). */
  RefineFailed: 'SEGMENT_REFINE_FAILED',
  /** The project has no refined pair to revert from. */
  RefineNone: 'SEGMENT_REFINE_NONE',
} as const;
export type SegmentErrorCodeValue = (typeof SegmentErrorCode)[keyof typeof SegmentErrorCode];
