// Spawns `python3 -m sightline_trainer <command>` and turns its JSON lines into typed events.
// AbortSignal -> SIGTERM (the trainer stops between steps and keeps its last checkpoint); SIGKILL
// follows if it has not exited after a grace period.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { INSTALL_HINT, VisionError } from '../errors';
import { pythonPath, trainerDir } from './locate';
import { trainerEventSchema, type TrainerEvent, type TrainerEventOf } from './protocol';

export type TrainerCommand = 'train' | 'group' | 'bench' | 'check';

export interface RunOptions {
  onEvent?: (event: TrainerEvent) => void;
  signal?: AbortSignal;
  /** Grace period between SIGTERM and SIGKILL. */
  killAfterMs?: number;
}

export interface TrainerRun {
  finished: TrainerEventOf<'finished'>;
  /** Peak resident memory of the trainer process in bytes (Linux /proc), when measured. */
  peakRssBytes?: number;
}

export async function runTrainer(
  command: TrainerCommand,
  config: object,
  opts: RunOptions = {},
): Promise<TrainerRun> {
  if (opts.signal?.aborted) throw new VisionError('CANCELLED', 'Cancelled before the trainer started');
  const dir = await mkdtemp(join(tmpdir(), 'sightline-trainer-'));
  const configPath = join(dir, 'config.json');
  await writeFile(configPath, JSON.stringify(config));
  try {
    return await spawnTrainer(command, configPath, opts);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function spawnTrainer(command: TrainerCommand, configPath: string, opts: RunOptions): Promise<TrainerRun> {
  const cwd = trainerDir();
  return new Promise((resolve, reject) => {
    const child = spawn(pythonPath(), ['-m', 'sightline_trainer', command, '--config', configPath], {
      cwd,
      env: { ...process.env, PYTHONPATH: cwd, PYTHONUNBUFFERED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let finished: TrainerEventOf<'finished'> | undefined;
    let failure: TrainerEventOf<'error'> | undefined;
    let stderr = '';
    let peakRss = 0;
    let killTimer: NodeJS.Timeout | undefined;
    const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, readRss(child.pid))), 500);

    const onAbort = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs ?? 15_000);
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    createInterface({ input: child.stdout }).on('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return; // a stray print from a library is not part of the protocol
      }
      const result = trainerEventSchema.safeParse(parsed);
      if (!result.success) return;
      const event = result.data;
      if (event.event === 'finished') finished = event;
      if (event.event === 'error') failure = event;
      peakRss = Math.max(peakRss, readRss(child.pid));
      opts.onEvent?.(event);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (err) => {
      clearInterval(rssTimer);
      reject(
        new VisionError(
          'TRAINER_UNAVAILABLE',
          `Cannot start ${pythonPath()}: ${err.message}. ${INSTALL_HINT}`,
        ),
      );
    });
    child.on('close', (code, sig) => {
      clearInterval(rssTimer);
      clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (finished && code === 0) return resolve({ finished, peakRssBytes: peakRss || undefined });
      if (opts.signal?.aborted)
        return reject(
          new VisionError('CANCELLED', 'Training was cancelled; the last epoch checkpoint was kept.'),
        );
      if (failure) return reject(new VisionError(failure.code, failure.message, failure.details));
      if (/No module named '?(torch|torchvision|PIL|numpy)/.test(stderr)) {
        return reject(
          new VisionError('TRAINER_UNAVAILABLE', `PyTorch is missing for ${pythonPath()}. ${INSTALL_HINT}`),
        );
      }
      reject(
        new VisionError(
          'TRAINER_CRASHED',
          `The trainer exited (${sig ?? code}) without a result: ${stderr.trim().slice(-800)}`,
        ),
      );
    });
  });
}

function readRss(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // statm's second field is resident pages; Linux pages are 4 KiB here.
    const statm = readFileSync(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * 4096;
  } catch {
    return 0;
  }
}

/** Verifies that the interpreter has PyTorch; a clear TRAINER_UNAVAILABLE error otherwise. */
export async function checkTrainer(): Promise<{ torch: string; threads: number }> {
  const { finished } = await runTrainer('check', {});
  return { torch: String(finished.torch), threads: Number(finished.threads) };
}
