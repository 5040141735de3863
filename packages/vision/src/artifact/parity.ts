// Checks that ONNX Runtime reproduces the PyTorch outputs stored in parity.json at export time.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VisionModel } from '../infer/model';

export interface ParityReport {
  maxAbsDiff: Record<string, number>;
  worst: number;
}

export async function checkParity(model: VisionModel): Promise<ParityReport> {
  const parity = JSON.parse(await readFile(join(model.dir, model.manifest.files.parity), 'utf8')) as {
    shape: [number, number, number, number];
    outputs: Record<string, { shape: number[]; data: string }>;
  };
  const n = parity.shape.reduce((a, b) => a * b, 1);
  const input = new Float32Array(n);
  for (let i = 0; i < n; i++) input[i] = Math.sin(i * 0.0073) * 0.9;
  const out = await model.run(input, parity.shape[0]);
  const maxAbsDiff: Record<string, number> = {};
  for (const [name, ref] of Object.entries(parity.outputs)) {
    const buf = Buffer.from(ref.data, 'base64');
    const expected = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
    const got = out[name]!.data;
    let worst = expected.length === got.length ? 0 : Infinity;
    for (let i = 0; i < expected.length && worst !== Infinity; i++)
      worst = Math.max(worst, Math.abs(expected[i]! - got[i]!));
    maxAbsDiff[name] = worst;
  }
  return { maxAbsDiff, worst: Math.max(...Object.values(maxAbsDiff)) };
}
