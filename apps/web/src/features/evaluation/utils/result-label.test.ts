import { describe, expect, it } from 'vitest';
import type { ResultRow } from '@sightline/domain';
import { rowLabels, rowLabelText } from './result-label';

const t = ((k: string) => k) as unknown as Parameters<typeof rowLabels>[3];
const base: ResultRow = {
  id: 1,
  image_id: 'a',
  file_name: 'a.png',
  true_class: null,
  predicted_class: null,
  score: null,
  correct: null,
  thumb_url: '/t',
  original_url: '/o',
};
const names = ['dent', 'spot'];

describe('rowLabels', () => {
  it('cf: actual → predicted, unlabelled images named so', () => {
    const l = rowLabels({ ...base, true_class: 0 }, 1, names, t);
    expect(rowLabelText(l, t)).toBe('dent → spot');
    expect(rowLabels(base, 1, names, t).truth).toBe('result.unlabeled');
  });
  it('od: no detection and no object instead of unlabelled', () => {
    const od = { ...base, true_boxes: [{ class_index: 1, x: 0, y: 0, w: 4, h: 4 }], pred_boxes: [] };
    expect(rowLabelText(rowLabels({ ...od, true_class: 1 }, null, names, t), t)).toBe(
      'spot → result.noDetection',
    );
    expect(rowLabels({ ...od, true_boxes: [] }, 0, names, t).truth).toBe('result.noObject');
  });
  it('sg: only the predicted dominant class, no made-up truth', () => {
    const sg = { ...base, mask_url: '/m.png' };
    expect(rowLabelText(rowLabels(sg, 0, names, t), t)).toBe('result.prediction: dent');
    expect(rowLabels(sg, null, names, t)).toEqual({ truth: null, predicted: 'result.noRegion' });
  });
});
