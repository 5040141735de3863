// The pure parts of the data processing bodies: how a model's prediction becomes a proposal (class or
// objects, and the score review sorts by), how sure a group member is, and the augmentation options.
import { describe, expect, it } from 'vitest';
import type { Prediction } from '@sightline/vision';
import { augmentOptions, groupConfidence, isLabelled, proposalOf } from '../src/bodies/processing-data';

const ids: Record<string, number> = { scratch: 11, dent: 12 };
const classId = (name: string) => ids[name] ?? null;

describe('AI labeling proposals', () => {
  it('cf: the predicted class and its score', () => {
    const p: Prediction = {
      task: 'cf',
      classIndex: 1,
      className: 'dent',
      ok: false,
      score: 0.62,
      scores: [0.38, 0.62],
    };
    expect(proposalOf(p, 0.3, classId)).toMatchObject({ classId: 12, score: 0.62, objects: [] });
  });

  it('od: boxes at or above the threshold of known classes; the image is as sure as its least sure box', () => {
    const p: Prediction = {
      task: 'od',
      detections: [
        { classIndex: 0, className: 'scratch', score: 0.9, x1: 1, y1: 2, x2: 10, y2: 20 },
        { classIndex: 1, className: 'dent', score: 0.45, x1: 5, y1: 5, x2: 9, y2: 9 },
        { classIndex: 1, className: 'dent', score: 0.1, x1: 0, y1: 0, x2: 3, y2: 3 },
        { classIndex: 2, className: 'unknown', score: 0.99, x1: 0, y1: 0, x2: 3, y2: 3 },
      ],
    };
    const out = proposalOf(p, 0.3, classId);
    expect(out.score).toBe(0.45);
    expect(out.objects.map((o) => [o.classId, o.kind, o.geometry.x1])).toEqual([
      [11, 'box', 1],
      [12, 'box', 5],
    ]);
    // No box kept: as sure as the best miss is unlikely.
    expect(proposalOf({ task: 'od', detections: [p.detections[2]!] }, 0.3, classId).score).toBeCloseTo(0.9);
  });

  it('sg: region outlines become polygons', () => {
    const p: Prediction = {
      task: 'sg',
      labelMap: new Uint8Array(4),
      width: 2,
      height: 2,
      regions: [
        {
          classIndex: 0,
          className: 'scratch',
          area: 3,
          polygon: [
            [0, 0],
            [2, 0],
            [2, 2],
          ],
        },
      ],
    };
    const out = proposalOf(p, 0.3, classId);
    expect(out.objects).toEqual([
      {
        imageId: '',
        classId: 11,
        kind: 'polygon',
        geometry: {
          points: [
            [0, 0],
            [2, 0],
            [2, 2],
          ],
          oid: 'ai0',
        },
      },
    ]);
  });

  it('group members near the centre are surer; the farthest of a group is 0', () => {
    expect(groupConfidence([0, 0, 1, 1], [0, 2, 1, 4])).toEqual([1, 0, 0.75, 0]);
    expect(groupConfidence([0], [0])).toEqual([1]);
  });

  it('manual labels: a cf class or any object but a target region', () => {
    expect(isLabelled(3, [])).toBe(true);
    expect(isLabelled(null, [{ imageId: 'a', classId: 1, kind: 'box', geometry: {} }])).toBe(true);
    expect(isLabelled(null, [{ imageId: 'a', classId: null, kind: 'region', geometry: {} }])).toBe(false);
    expect(isLabelled(null, undefined)).toBe(false);
  });

  it('augmentation options from the work row, with defaults', () => {
    expect(
      augmentOptions({ operations: { flipH: 1 }, copies: 3, include_originals: false, seed: 9 }),
    ).toEqual({
      operations: { flipH: 1 },
      copies: 3,
      includeOriginals: false,
      seed: 9,
    });
    expect(augmentOptions({})).toEqual({ operations: {}, copies: 1, includeOriginals: true, seed: 1 });
  });
});
