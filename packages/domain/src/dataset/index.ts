export * from './types';
export * from './codes';
export * from './names';
export * from './classes';
export * from './download';
export * from './schemas';
