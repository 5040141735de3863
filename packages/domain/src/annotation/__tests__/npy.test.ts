import { describe, expect, it } from 'vitest';
import { NpyError, readNpy, writeNpy } from '../npy';

/** An .npy file built by hand (not by writeNpy), as numpy lays it out. */
function npy(data: number[], shape: number[]): Uint8Array {
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
  return b;
}

describe('npy', () => {
  it('reads float32 arrays and refuses broken files', () => {
    const { data, shape } = readNpy(npy([1, 2.5, -3, 4], [1, 2, 2]));
    expect(shape).toEqual([1, 2, 2]);
    expect([...data]).toEqual([1, 2.5, -3, 4]);
    expect(() => readNpy(new Uint8Array(4))).toThrow(NpyError);
    expect(() => readNpy(npy([1, 2, 3, 4], [1, 2, 2]).slice(0, 70))).toThrow(NpyError);
  });

  it('writes what it reads, header padded to 64 bytes', () => {
    const data = new Float32Array([0.5, -1, 7, 3.25, 0, 1e-3]);
    const file = writeNpy(data, [2, 3]);
    const headerLen = new DataView(file.buffer).getUint16(8, true);
    expect((10 + headerLen) % 64).toBe(0);
    const back = readNpy(file);
    expect(back.shape).toEqual([2, 3]);
    expect([...back.data]).toEqual([...data]);
    // A reader given an offset view (e.g. a Node Buffer from a pool) still gets aligned floats.
    const shifted = new Uint8Array(file.length + 1);
    shifted.set(file, 1);
    expect([...readNpy(shifted.subarray(1)).data]).toEqual([...data]);
  });
});
