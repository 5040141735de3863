// segment.refine keeps a refined pair unless it scores clearly lower than the default on held-out images.
import { describe, expect, it } from 'vitest';
import { refinedIsKept } from '../src/bodies/segment-refine';

describe('refinedIsKept', () => {
  it('keeps better, equal and within-tolerance scores; drops a clear regression', () => {
    expect(refinedIsKept({ iou_before: 0.5, iou_after: 0.7 })).toBe(true);
    expect(refinedIsKept({ iou_before: 0.5, iou_after: 0.5 })).toBe(true);
    expect(refinedIsKept({ iou_before: 0.343, iou_after: 0.3385 })).toBe(true);
    expect(refinedIsKept({ iou_before: 0.5, iou_after: 0.47 })).toBe(false);
  });
  it('keeps a pair that could not be scored (no held-out image with a mask)', () => {
    expect(refinedIsKept({ iou_before: null, iou_after: null })).toBe(true);
  });
});
