// Error codes of label import/export, augmentation and AI labeling (texts in labels/messages.ts).
export const LabelErrorCode = {
  LabelTypeRequired: 'LABEL_TYPE_REQUIRED',
  ExternalImageExtension: 'EXTERNAL_IMAGE_EXTENSION',
  ExternalImagesRequired: 'EXTERNAL_IMAGES_REQUIRED',
  BboxNameDuplicate: 'BBOX_NAME_DUPLICATE',
  BboxNameMismatch: 'BBOX_NAME_MISMATCH',
  BboxExtensionMismatch: 'BBOX_EXTENSION_MISMATCH',
  ClassFileExtension: 'CLASS_FILE_EXTENSION',
  ClassFileRequired: 'CLASS_FILE_REQUIRED',
  LabelFileUnreadable: 'LABEL_FILE_UNREADABLE',
  ExportFormatInvalid: 'EXPORT_FORMAT_INVALID',
  AugmentationNoOperation: 'AUGMENTATION_NO_OPERATION',
  AugmentationOutOfRange: 'AUGMENTATION_OUT_OF_RANGE',
  AugmentationAlgorithmInvalid: 'AUGMENTATION_ALGORITHM_INVALID',
  AiLabelingTooFewLabeled: 'AI_LABELING_TOO_FEW_LABELED',
  AiLabelingModelRequired: 'AI_LABELING_MODEL_REQUIRED',
  AiLabelingModelMismatch: 'AI_LABELING_MODEL_MISMATCH',
  UnsupervisedClassCount: 'UNSUPERVISED_CLASS_COUNT',
  UnsupervisedTooFewImages: 'UNSUPERVISED_TOO_FEW_IMAGES',
  ProposalNotFound: 'PROPOSAL_NOT_FOUND',
} as const;
export type LabelErrorCodeValue = (typeof LabelErrorCode)[keyof typeof LabelErrorCode];
