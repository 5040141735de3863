// `sightline upload --project CODE --name NAME --type cf|od|sg|ad [--purpose preprocessing|evaluation] FILE.zip`
// through the existing dataset upload API (multipart; progress polled with an upload id).
import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { DATASET_PURPOSES, dataOf, uploadProgressSchema, uploadResultSchema } from '@sightline/domain';
import type { Ctx } from '../context';
import { CliError, usage } from '../errors';
import { findProject, parseTask } from './projects';

export interface UploadOptions {
  project?: string;
  name?: string;
  type?: string;
  purpose?: string;
  file?: string;
}

export async function uploadCommand(ctx: Ctx, o: UploadOptions) {
  if (!o.project || !o.name || !o.type || !o.file)
    throw usage('upload needs --project CODE --name NAME --type cf|od|sg|ad FILE.zip');
  parseTask(o.type);
  if (o.purpose && !(DATASET_PURPOSES as readonly string[]).includes(o.purpose))
    throw usage(`--purpose must be one of ${DATASET_PURPOSES.join(', ')}`);
  const size = await stat(o.file).then(
    (s) => s.size,
    () => {
      throw new CliError('FILE_NOT_FOUND', `Cannot read ${o.file}`);
    },
  );
  const project = await findProject(ctx.api, o.project);
  const uploadId = randomUUID();
  const form = new FormData();
  form.set('project_id', String(project.id));
  form.set('name', o.name);
  form.set('type', o.type);
  if (o.purpose) form.set('purpose', o.purpose);
  form.set('file', await openAsBlob(o.file), basename(o.file));
  ctx.io.progress(`uploading ${basename(o.file)} (${size} bytes) to project ${project.code}`);

  let finished = false;
  const watch = (async () => {
    let last = '';
    while (!finished) {
      await ctx.sleep(Math.max(ctx.pollMs, 500));
      if (finished) break;
      const p = await ctx.api
        .json('GET', '/api/v2/datasets/upload/:id/progress', dataOf(uploadProgressSchema), {
          params: { id: uploadId },
        })
        .catch(() => null);
      const line = p ? `upload ${p.data.phase} ${p.data.processed}/${p.data.total}` : '';
      if (line && line !== last) ctx.io.progress((last = line));
    }
  })();
  try {
    const { data } = await ctx.api.json('POST', '/api/v2/datasets/upload', dataOf(uploadResultSchema), {
      query: { upload_id: uploadId },
      form,
    });
    return data;
  } finally {
    finished = true;
    await watch;
  }
}
