// Spawns the click-segmentation fine-tune (`python3 -m sightline_trainer.segment_click --finetune`):
// refines the shipped default pair on images + masks and writes encoder.onnx, decoder.onnx and
// segment.json into outDir. Its JSON lines are progress events; AbortSignal -> SIGTERM (then SIGKILL).
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { INSTALL_HINT, VisionError } from '../errors';
import { pythonPath, trainerDir } from './locate';

export interface SegmentRefineItem {
  /** Local path of the image. */
  image: string;
  /** Local paths of binary mask PNGs (white = inside) of the image. */
  masks: string[];
}

export interface SegmentRefineOptions {
  items: SegmentRefineItem[];
  /** Where data.json is written and the pair is exported (outDir/encoder.onnx, decoder.onnx, segment.json). */
  workDir: string;
  outDir: string;
  seconds: number;
  maxSteps?: number;
  /** The last `holdout` items are only scored (default and refined IoU), not trained on. */
  holdout: number;
  onProgress?: (pct: number, step: number, iou: number) => void;
  signal?: AbortSignal;
}

export interface SegmentRefineResult {
  name: string;
  input_size: number;
  embedding: number[];
  mask_size: number;
  steps: number;
  train_images: number;
  holdout_images: number;
  iou_before: number | null;
  iou_after: number | null;
}

export async function runSegmentRefine(opts: SegmentRefineOptions): Promise<SegmentRefineResult> {
  if (opts.signal?.aborted) throw new VisionError('CANCELLED', 'Cancelled before the trainer started');
  const data = join(opts.workDir, 'data.json');
  await writeFile(data, JSON.stringify({ items: opts.items }));
  const args = ['-m', 'sightline_trainer.segment_click', '--finetune', data, '--out', opts.outDir];
  args.push('--seconds', String(opts.seconds), '--holdout', String(opts.holdout));
  if (opts.maxSteps) args.push('--steps', String(opts.maxSteps));
  const cwd = trainerDir();
  return new Promise((resolve, reject) => {
    const child = spawn(pythonPath(), args, {
      cwd,
      env: { ...process.env, PYTHONPATH: cwd, PYTHONUNBUFFERED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let finished: SegmentRefineResult | undefined;
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    createInterface({ input: child.stdout }).on('line', (line) => {
      let e: { event?: string; pct?: number; step?: number; iou?: number } & Partial<SegmentRefineResult>;
      try {
        e = JSON.parse(line) as typeof e;
      } catch {
        return;
      }
      if (e.event === 'progress')
        opts.onProgress?.(Number(e.pct) || 0, Number(e.step) || 0, Number(e.iou) || 0);
      if (e.event === 'finished') finished = e as SegmentRefineResult;
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (err) =>
      reject(
        new VisionError(
          'TRAINER_UNAVAILABLE',
          `Cannot start ${pythonPath()}: ${err.message}. ${INSTALL_HINT}`,
        ),
      ),
    );
    child.on('close', (code, sig) => {
      clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (finished && code === 0) return resolve(finished);
      if (opts.signal?.aborted) return reject(new VisionError('CANCELLED', 'The refinement was cancelled.'));
      reject(
        new VisionError(
          'TRAINER_CRASHED',
          `The segment fine-tune exited (${sig ?? code}) without a result: ${stderr.trim().slice(-800)}`,
        ),
      );
    });
  });
}
