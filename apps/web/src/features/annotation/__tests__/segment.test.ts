import { describe, expect, it } from 'vitest';
import { countBits } from '../canvas/geometry/mask';
import { maskFromLogits } from '../segment/mask-from-logits';
import { NpyError, readNpy } from '../segment/npy';

function npy(data: number[], shape: number[]): ArrayBuffer {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}), }`;
  header += ' '.repeat((64 - ((10 + header.length + 1) % 64)) % 64) + '\n';
  const buf = new ArrayBuffer(10 + header.length + data.length * 4);
  const b = new Uint8Array(buf);
  b.set([0x93, ...'NUMPY'.split('').map((c) => c.charCodeAt(0)), 1, 0]);
  new DataView(buf).setUint16(8, header.length, true);
  b.set(
    header.split('').map((c) => c.charCodeAt(0)),
    10,
  );
  new Float32Array(buf, 10 + header.length).set(data);
  return buf;
}

describe('npy reader', () => {
  it('reads float32 arrays and refuses broken files', () => {
    const { data, shape } = readNpy(npy([1, 2.5, -3, 4], [1, 2, 2]));
    expect(shape).toEqual([1, 2, 2]);
    expect([...data]).toEqual([1, 2.5, -3, 4]);
    expect(() => readNpy(new ArrayBuffer(4))).toThrow(NpyError);
    expect(() => readNpy(npy([1, 2, 3, 4], [1, 2, 2]).slice(0, 70))).toThrow(NpyError);
  });
});

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
