export * from './types';
export * from './catalog';
export * from './validate';
