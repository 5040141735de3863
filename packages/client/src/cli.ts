// Entry point of `sightline` (bin/sightline.js bundles and runs this file).
import { run } from './run';

const code = await run(process.argv.slice(2), {
  env: process.env,
  stdout: (l) => process.stdout.write(l + '\n'),
  stderr: (l) => process.stderr.write(l + '\n'),
});
process.exitCode = code;
