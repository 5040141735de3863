import { describe, expect, it } from 'vitest';
import { countBits } from '../canvas/geometry/mask';
import { maskFromLogits } from '../segment/mask-from-logits';

describe('mask from decoder logits', () => {
  // An 8×8 grid over a 80×40 image: two positive blocks, one with the click.
  const size = 8;
  const logits = new Float32Array(size * size).fill(-5);
  for (let y = 1; y < 4; y++) for (let x = 1; x < 3; x++) logits[y * size + x] = 5;
  for (let y = 5; y < 7; y++) for (let x = 5; x < 7; x++) logits[y * size + x] = 5;

  it('keeps the component under a positive click, at image resolution', () => {
    const m = maskFromLogits(logits, size, 80, 40, [{ x: 15, y: 10, type: 1 }])!;
    expect(m.rect.x).toBeLessThanOrEqual(10);
    expect(m.rect.x + m.rect.w).toBeLessThanOrEqual(40);
    const n = countBits(m.bits);
    // 2 × 3 cells of 10 × 5 px = 300 px (± the bilinear edge).
    expect(n).toBeGreaterThan(200);
    expect(n).toBeLessThan(400);
  });

  it('keeps every component when no click lands inside, and nothing when all is negative', () => {
    const m = maskFromLogits(logits, size, 80, 40, [{ x: 75, y: 2, type: 0 }])!;
    expect(countBits(m.bits)).toBeGreaterThan(400);
    expect(maskFromLogits(new Float32Array(64).fill(-1), size, 80, 40, [{ x: 5, y: 5, type: 1 }])).toBeNull();
  });
});
