// Reads a float32 .npy file (the server's cached image embedding).
export class NpyError extends Error {}

export function readNpy(buf: ArrayBuffer): { data: Float32Array; shape: number[] } {
  const b = new Uint8Array(buf);
  const magic = String.fromCharCode(...b.subarray(0, 6));
  if (b.length < 10 || magic !== '\x93NUMPY') throw new NpyError('not an npy file');
  const view = new DataView(buf);
  const major = b[6]!;
  const len = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = major === 1 ? 10 : 12;
  const header = new TextDecoder('latin1').decode(b.subarray(start, start + len));
  if (!/'descr':\s*'<f4'/.test(header)) throw new NpyError('npy dtype is not float32');
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
  return { data: new Float32Array(buf.slice(off, off + n * 4)), shape };
}
