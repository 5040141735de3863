export * from './auth';
export * from './credentials';
export * from './server';
