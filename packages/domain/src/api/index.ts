export * from './envelope';
export * from './lookups';
export * from './system';
