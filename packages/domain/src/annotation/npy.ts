// The .npy format (version 1.0 written; 1.x/2.x read) for float32 little-endian arrays: the image
// embeddings of click segmentation, written by the server and read by the browser (SPEC §7, §8).
// Plain bytes in and out (Uint8Array), so the same code runs in Node and in the browser.

export class NpyError extends Error {}

const MAGIC = '\x93NUMPY';

export function writeNpy(data: Float32Array, shape: readonly number[]): Uint8Array {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64, '\n' last.
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + data.byteLength);
  for (let i = 0; i < 6; i++) out[i] = MAGIC.charCodeAt(i);
  out[6] = 1;
  out[7] = 0;
  new DataView(out.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), 10 + header.length);
  return out;
}

export function readNpy(bytes: Uint8Array): { data: Float32Array; shape: number[] } {
  const b = bytes;
  const magic = String.fromCharCode(...b.subarray(0, 6));
  if (b.length < 10 || magic !== MAGIC) throw new NpyError('not an npy file');
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const major = b[6]!;
  const len = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = major === 1 ? 10 : 12;
  const header = String.fromCharCode(...b.subarray(start, start + len));
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
  // A copy: the data must start on a 4-byte boundary for Float32Array.
  return { data: new Float32Array(b.slice(off, off + n * 4).buffer), shape };
}
