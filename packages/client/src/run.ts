// The command line: parses argv, runs one command, prints its JSON as the last stdout line; failures print
// {"error":{code,message}} and give exit code 1 (2 for a wrong command line).
import { parseArgs } from 'node:util';
import { ApiClient, configFromEnv } from './api';
import type { Ctx, Io } from './context';
import { CliError, usage } from './errors';
import { algorithmsCommand, projectsCommand } from './commands/projects';
import { uploadCommand } from './commands/upload';
import { trainCommand } from './commands/train';
import { evaluateCommand } from './commands/evaluate';
import { exportCommand } from './commands/export';
import { JobOutcome } from './commands/wait';
import { inspectCommand, simulateCommand } from './commands/inspect';

export const USAGE = `Usage: sightline <command> [options]   (env: SIGHTLINE_URL, SIGHTLINE_USER, SIGHTLINE_PASSWORD)
  projects
  algorithms [--task cf|od|sg|ad] [--project CODE]
  upload --project CODE --name NAME --type cf|od|sg|ad [--purpose preprocessing|evaluation] FILE.zip
  train --dataset ID --name MODEL_NAME [--algorithm ID|KEY] [--param key=value ...] [--wait] [--timeout S]
  evaluate --model ID --dataset ID [--threshold T] [--wait] [--timeout S]
  export --model ID --out DIR [--full]
  inspect --line CODE --serial SN [--key KEY] FILE...          (env: SIGHTLINE_URL, SIGHTLINE_LINE_KEY)
  simulate --line CODE --dir DIR --rate N [--count N] [--prefix P] [--concurrency N] [--raw] [--key KEY]
  edge --line CODE [--key KEY] [--state DIR] [--poll S] (--dir DIR [--once] [--delete] | --stdin | --port N [--host H])`;

const OPTIONS = {
  task: { type: 'string' },
  project: { type: 'string' },
  name: { type: 'string' },
  type: { type: 'string' },
  purpose: { type: 'string' },
  dataset: { type: 'string' },
  algorithm: { type: 'string' },
  param: { type: 'string', multiple: true },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  model: { type: 'string' },
  threshold: { type: 'string' },
  out: { type: 'string' },
  full: { type: 'boolean' },
  line: { type: 'string' },
  key: { type: 'string' },
  serial: { type: 'string', multiple: true },
  dir: { type: 'string' },
  rate: { type: 'string' },
  count: { type: 'string' },
  prefix: { type: 'string' },
  concurrency: { type: 'string' },
  raw: { type: 'boolean' },
  state: { type: 'string' },
  stdin: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  once: { type: 'boolean' },
  delete: { type: 'boolean' },
  poll: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface RunDeps {
  env: NodeJS.ProcessEnv;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Ends a long-running command (edge); the CLI aborts it on SIGINT/SIGTERM. */
  signal?: AbortSignal;
  stdin?: NodeJS.ReadableStream;
}

const errorJson = (e: CliError) => JSON.stringify({ error: { code: e.code, message: e.message } });

/** Runs one command line; resolves to the exit code. */
export async function run(argv: readonly string[], deps: RunDeps): Promise<number> {
  const io: Io = { progress: (l) => deps.stderr(l), result: (v) => deps.stdout(JSON.stringify(v)) };
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (e) {
      throw usage((e as Error).message);
    }
    const { values: v, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (v.help || !command) {
      deps.stderr(USAGE);
      if (!command && !v.help) throw usage('No command given');
      io.result({ usage: USAGE });
      return 0;
    }
    const extra = (allowed: number) => {
      if (rest.length > allowed) throw usage(`Unexpected argument: ${rest[allowed]}`);
    };
    // The camera-side commands use the line's API key, not a user account.
    if (command === 'inspect') {
      io.result(await inspectCommand(deps.env, v, rest));
      return 0;
    }
    if (command === 'simulate') {
      extra(0);
      io.result(await simulateCommand(deps.env, v, io.progress));
      return 0;
    }
    if (command === 'edge') {
      extra(0);
      // Loaded on use: onnxruntime-node is only needed here.
      const { edgeCommand } = await import('./commands/edge');
      io.result(
        await edgeCommand(deps.env, v, {
          emit: (x) => deps.stdout(JSON.stringify(x)),
          progress: io.progress,
          signal: deps.signal,
          stdin: deps.stdin,
        }),
      );
      return 0;
    }
    const pollMs = Number(deps.env.SIGHTLINE_POLL_MS ?? 2000);
    const ctx: Ctx = {
      api: new ApiClient(configFromEnv(deps.env)),
      io,
      pollMs: Number.isFinite(pollMs) && pollMs >= 0 ? pollMs : 2000,
      sleep: deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    };
    let out: unknown;
    switch (command) {
      case 'projects':
        extra(0);
        out = await projectsCommand(ctx);
        break;
      case 'algorithms':
        extra(0);
        out = await algorithmsCommand(ctx, v);
        break;
      case 'upload':
        extra(1);
        out = await uploadCommand(ctx, { ...v, file: rest[0] });
        break;
      case 'train':
        extra(0);
        out = await trainCommand(ctx, v);
        break;
      case 'evaluate':
        extra(0);
        out = await evaluateCommand(ctx, v);
        break;
      case 'export':
        extra(0);
        out = await exportCommand(ctx, v);
        break;
      default:
        throw usage(`Unknown command: ${command}`);
    }
    if (out instanceof JobOutcome) {
      const { result, error } = out;
      if (error) {
        deps.stdout(JSON.stringify({ ...result, error: { code: error.code, message: error.message } }));
        return 1;
      }
      io.result(result);
      return 0;
    }
    io.result(out);
    return 0;
  } catch (e) {
    const err = e instanceof CliError ? e : new CliError('INTERNAL', (e as Error)?.message ?? String(e));
    if (err.code === 'USAGE') deps.stderr(USAGE);
    deps.stdout(errorJson(err));
    return err.code === 'USAGE' ? 2 : 1;
  }
}
