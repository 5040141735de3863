export * from './constants';
export * from './auth/password';
export * from './access/roles';
export * from './errors/codes';
export * from './errors/messages';
