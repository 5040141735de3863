export * from './codes';
export * from './rules';
export * from './schemas';
