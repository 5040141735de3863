export * from './document';
export * from './geometry';
export * from './rows';
export * from './codes';
export * from './schemas';
export * from './npy';
export * from './messages';
export * from './segment-refine';
