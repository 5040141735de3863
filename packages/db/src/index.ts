// What other workspaces import as '@sightline/server/db'.
export * from './client';
export * from './migrate';
export * as schema from './schema';
export * from './schema';
