// Every SEGMENT_* code the server or the web app uses has a ko and an en text in the server message
// catalogue (SPEC §8: npy/onnx load errors), and an AppError with one answers that text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorMessage, SegmentErrorCode } from '@sightline/domain';

const root = resolve(__dirname, '../../../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

describe('segment error texts', () => {
  it('has ko and en text for every SEGMENT_* code used in the code', () => {
    const used = new Set<string>(Object.values(SegmentErrorCode));
    for (const dir of ['apps/server/src', 'apps/web/src', 'packages/domain/src'])
      for (const file of sources(join(root, dir)))
        for (const m of readFileSync(file, 'utf8').matchAll(/['"`](SEGMENT_[A-Z_]+)['"`]/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThanOrEqual(5);
    expect([...used].filter((c) => !ERROR_MESSAGES[c]?.ko || !ERROR_MESSAGES[c]?.en)).toEqual([]);
    expect(errorMessage('SEGMENT_ONNX_LOAD', 'en')).toMatch(/onnx/);
    expect(errorMessage('SEGMENT_NPY_LOAD', 'ko')).toMatch(/npy/);
    expect(errorMessage('SEGMENT_MODEL_SHAPE', 'en', { detail: 'decoder: masks' })).toContain(
      'decoder: masks',
    );
  });
});
