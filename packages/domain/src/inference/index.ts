export * from './schemas';
export * from './rates';
