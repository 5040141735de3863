// A client failure with the API's error shape; the CLI prints {"error":{code,message}} and exits non-zero.
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const usage = (message: string) => new CliError('USAGE', message);
