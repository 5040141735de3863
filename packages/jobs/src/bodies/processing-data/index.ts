export { runProcessingData, DATA_KINDS, type ProcessingDataInput } from './run';
export { runAugmentation, augmentOptions } from './augment';
export { runSupervised, runUnsupervised, groupConfidence, proposalOf, isLabelled } from './ai-label';
