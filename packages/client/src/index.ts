export { ApiClient, configFromEnv, type ClientConfig } from './api';
export { CliError } from './errors';
export { run, USAGE, type RunDeps } from './run';
export { simulateCommand } from './commands/inspect';
export { EdgeRunner, type EdgeOptions, type EdgeJudgement, type UploadReport } from './edge/runner';
export { edgeCommand } from './commands/edge';
