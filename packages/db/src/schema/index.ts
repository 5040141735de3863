// Every Drizzle table. Each area adds its own file (tenancy.ts, datasets.ts, …) and one export line here.
export * from './core';
export * from './auth';
export * from './jobs';
export * from './tenancy';
export * from './datasets';
export * from './notifications';
export * from './evaluation';
export * from './learning';
export * from './ingest';
export * from './monitoring';
export * from './processing';
export * from './notices';
