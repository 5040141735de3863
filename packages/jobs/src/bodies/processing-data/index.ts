export { runProcessingData, DATA_KINDS, type ProcessingDataInput } from './run';
export { runAugmentation, augmentOptions } from './augment';
export { runSupervised, runUnsupervised, groupConfidence, proposalOf, isLabelled } from './ai-label';
export { runExternal, ExternalImportError, type ExternalOptions } from './external';
export { writePack, openPack, type PackEntry, type PackRole } from './external-pack';
