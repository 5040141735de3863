// Metrics side by side: the task's rows, full results preferred over headline maps, the best marked.
import { describe, expect, it } from 'vitest';
import { evaluation } from '../../evaluation/__tests__/fixtures';
import { classRows, summaryRows } from './side-by-side';

const a = evaluation({ id: 1, metrics: { accuracy: 0.75 } });
const b = evaluation({
  id: 2,
  metrics: { accuracy: 0.9 },
  detail: {
    task: 'cf',
    accuracy: 0.95,
    macroF1: 0.94,
    perClass: [
      { name: 'ok', ok: true, precision: 1, recall: 0.9, f1: 0.95, support: 2 },
      { name: 'scratch', ok: false, precision: 0.9, recall: 1, f1: 0.5, support: 2 },
    ],
    confusion: [],
  },
});

describe('summaryRows', () => {
  it('takes the full result when loaded, else the headline map, and marks the best', () => {
    const rows = summaryRows('cf', [a, b], [undefined, b]);
    expect(rows).toEqual([
      { key: 'accuracy', values: [0.75, 0.95], best: 1 },
      { key: 'macroF1', values: [null, 0.94], best: 1 },
    ]);
  });

  it('does not rank the threshold', () => {
    const ad = evaluation({ task: 'ad', metrics: { imageAUROC: 0.8, threshold: 0.5 }, detail: null });
    const rows = summaryRows('ad', [ad, ad], [undefined, undefined]);
    expect(rows.find((r) => r.key === 'threshold')!.best).toBeNull();
    expect(rows.find((r) => r.key === 'imageAUROC')!.best).toBe(0);
  });
});

describe('classRows', () => {
  it('gives one row per class of the per-class metric', () => {
    const rows = classRows('cf', ['ok', 'scratch'], [a, b]);
    expect(rows.map((r) => [r.name, r.values, r.best])).toEqual([
      ['ok', [0.8, 0.95], 1],
      ['scratch', [0.67, 0.5], 0],
    ]);
    expect(classRows('ad', ['good'], [a])).toEqual([]);
  });
});
