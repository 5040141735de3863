// The .npy format (version 1.0) for float32 little-endian arrays: the cached image embeddings.

export function writeNpy(data: Float32Array, shape: readonly number[]): Buffer {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64, '\n' last.
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), body]);
}

export class NpyError extends Error {}

export function readNpy(buf: Uint8Array): { data: Float32Array; shape: number[] } {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 10 || b.toString('latin1', 0, 6) !== '\x93NUMPY') throw new NpyError('not an npy file');
  const major = b[6]!;
  const len = major === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = b.toString('latin1', start, start + len);
  if (!/'descr':\s*'<f4'/.test(header)) throw new NpyError('npy dtype is not float32');
  if (/'fortran_order':\s*True/.test(header)) throw new NpyError('npy fortran order is not supported');
  const m = /'shape':\s*\(([^)]*)\)/.exec(header);
  if (!m) throw new NpyError('npy shape missing');
  const shape = m[1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  const n = shape.reduce((a, v) => a * v, 1);
  const off = start + len;
  if (b.length - off < n * 4) throw new NpyError('npy data is truncated');
  const copy = new Uint8Array(b.subarray(off, off + n * 4));
  return { data: new Float32Array(copy.buffer), shape };
}
