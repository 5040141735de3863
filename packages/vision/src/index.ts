// Public surface of the vision engine (see README.md): train, evaluate, predict, export, group.
export { VisionError, INSTALL_HINT } from './errors';
export type { VisionDataset, DataItem, DatasetClass, Box, Region } from './dataset/types';
export { readDataset } from './dataset/read';
export { validateDataset } from './dataset/validate';
export * from './dataset/od-formats';
export { readImageHeader, type ImageHeader } from './dataset/image-header';
export {
  MAX_DECODE_PIXELS,
  THUMB_SIZE,
  UnsupportedImageFormat,
  decodeWithThumbnail,
  type DecodedImage,
} from './dataset/thumbnail';
export {
  labelFiles,
  imagePathIn,
  writeDetectionDir,
  writeSegmentationDir,
  renderMaskPng,
  type LabelFile,
  type MaskShapes,
} from './dataset/write-od';
export { manifestSchema, readManifest, type ModelManifest, type InputSpec } from './artifact/manifest';
export { checkParity, type ParityReport } from './artifact/parity';
export { exportModel } from './artifact/export';
export {
  train,
  algorithmFor,
  trainParams,
  type TrainOptions,
  type TrainProgress,
  type TrainResult,
} from './train';
export {
  evaluate,
  type EvaluationResult,
  type EvaluateOptions,
  type ImageResult,
  type Metrics,
} from './evaluate';
export { loadModel, type VisionModel } from './infer/model';
export { readMask } from './eval/masks';
export * from './infer/line-judge';
export type { Prepared, ImageSource } from './infer/preprocess';
export type {
  Prediction,
  CfPrediction,
  OdPrediction,
  SgPrediction,
  AdPrediction,
  Detection,
  SgRegion,
  PredictOptions,
} from './infer/types';
export { group, type GroupOptions, type GroupResult } from './group';
export * from './augment/geometry';
export {
  augmentImage,
  augmentMask,
  augmentMaskPixels,
  augmentLabels,
  warp,
  type AugmentedImage,
} from './augment/augment';
export { runTrainer, checkTrainer } from './trainer/driver';
export { trainerEventSchema, type TrainerEvent } from './trainer/protocol';
export { trainerDir, pythonPath } from './trainer/locate';
export { runSegmentRefine, type SegmentRefineItem, type SegmentRefineResult } from './trainer/segment-refine';
export * as synth from './synth/datasets';
