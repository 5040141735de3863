export * from './envelope';
export * from './lookups';
export * from './system';
export * from './notifications';
