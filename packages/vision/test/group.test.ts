// Unsupervised grouping: images of different defect kinds should mostly fall into different groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { group, readDataset, synth, VisionError } from '../src';
import { tempDir } from './helpers';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('group');
  await synth.writeClassificationSet(tmp.dir, 30, { size: 64, seed: 51, kinds: ['good', 'scratch', 'spot'] });
});
afterAll(() => tmp.cleanup());

/** Share of images whose group's majority kind is their own kind (chance is about 1/3 here). */
function purity(assign: number[], labels: number[], k: number) {
  let agree = 0;
  for (let g = 0; g < k; g++) {
    const counts = new Map<number, number>();
    assign.forEach((a, i) => a === g && counts.set(labels[i]!, (counts.get(labels[i]!) ?? 0) + 1));
    agree += Math.max(0, ...counts.values());
  }
  return agree / labels.length;
}

describe('grouping', () => {
  it('clusters learned features into k groups with a quality score', async () => {
    const data = await readDataset('cf', tmp.dir);
    const res = await group(
      data.items.map((it) => it.path),
      { params: { k: 3, epochs: 8, inputSize: 64, grayscale: 1 } },
    );
    expect(res.assignments).toHaveLength(90);
    expect(res.sizes.reduce((a, b) => a + b, 0)).toBe(90);
    expect(res.silhouette).toBeGreaterThan(-1);
    expect(res.silhouette).toBeLessThanOrEqual(1);
    const p = purity(
      res.assignments,
      data.items.map((it) => it.label!),
      3,
    );
    console.log('group', JSON.stringify({ purity: p, silhouette: res.silhouette, sizes: res.sizes }));
    expect(p).toBeGreaterThan(0.8);
  });

  it('rejects k outside 2..34', async () => {
    await expect(group(['a.png', 'b.png'], { params: { k: 1 } })).rejects.toBeInstanceOf(VisionError);
    await expect(group(['a.png', 'b.png'], { params: { k: 35 } })).rejects.toThrow(/k/);
  });
});
