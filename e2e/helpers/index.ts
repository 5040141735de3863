export * from './api';
export * from './auth';
export * from './credentials';
export * from './page';
export * from './random';
export * from './server';
export * from './zip';
