// `sightline export --model ID --out DIR [--full]`: the ONNX model and its manifest (full: + checkpoint, parity).
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { TRAIN_ROUTES } from '@sightline/domain';
import type { Ctx } from '../context';
import { CliError, usage } from '../errors';
import { positiveId } from './train';

export async function exportCommand(ctx: Ctx, o: { model?: string; out?: string; full?: boolean }) {
  const id = positiveId(o.model, '--model');
  if (!o.out) throw usage('export needs --out DIR');
  const { data: l } = await ctx.api.call(TRAIN_ROUTES.getLearning, { params: { id } });
  if (l.status !== 'done') throw new CliError('LEARNING_NOT_DONE', `Training ${id} is ${l.status}, not done`);
  const wanted = o.full
    ? ['manifest.json', 'model.onnx', 'model.pt', 'parity.json']
    : ['manifest.json', 'model.onnx'];
  const available = new Set(l.files.map((f) => f.name));
  await mkdir(o.out, { recursive: true });
  const files: { name: string; size: number }[] = [];
  for (const name of wanted) {
    if (!available.has(name)) {
      if (name === 'manifest.json' || name === 'model.onnx')
        throw new CliError('MODEL_INVALID', `Model ${id} has no ${name}`);
      continue;
    }
    const res = await ctx.api.raw(TRAIN_ROUTES.learningFile.method, TRAIN_ROUTES.learningFile.path, {
      params: { id, file: name },
    });
    if (!res.body) throw new CliError('BAD_RESPONSE', `Empty answer for ${name}`);
    const path = join(o.out, name);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(path));
    files.push({ name, size: (await stat(path)).size });
    ctx.io.progress(`wrote ${path}`);
  }
  return { model_id: id, name: l.name, task: l.task, dir: o.out, files };
}
