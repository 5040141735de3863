export { ApiClient, configFromEnv, type ClientConfig } from './api';
export { CliError } from './errors';
export { run, USAGE, type RunDeps } from './run';
export { simulateCommand } from './commands/inspect';
