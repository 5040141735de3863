// export: copies the ONNX file (and, on request, the whole artifact) for download or deployment.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readManifest } from './manifest';

export async function exportModel(
  modelDir: string,
  outDir: string,
  opts: { full?: boolean } = {},
): Promise<string[]> {
  const m = await readManifest(modelDir);
  await mkdir(outDir, { recursive: true });
  const files = opts.full
    ? ['manifest.json', m.files.onnx, m.files.checkpoint, m.files.parity]
    : ['manifest.json', m.files.onnx];
  for (const f of files) await copyFile(join(modelDir, f), join(outDir, f));
  return files.map((f) => join(outDir, f));
}
