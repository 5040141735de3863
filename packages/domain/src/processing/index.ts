export * from './types';
export * from './codes';
export * from './rules';
export * from './schemas';
export * from './messages';
