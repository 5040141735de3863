// Entry point of `sightline` (bin/sightline.js bundles and runs this file).
import { run } from './run';

const stop = new AbortController();
// `edge` runs until stopped: the first signal ends it cleanly (last upload, model released).
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (stop.signal.aborted || process.argv[2] !== 'edge') process.exit(130);
    stop.abort();
  });
const code = await run(process.argv.slice(2), {
  signal: stop.signal,
  env: process.env,
  stdout: (l) => process.stdout.write(l + '\n'),
  stderr: (l) => process.stderr.write(l + '\n'),
});
process.exitCode = code;
