// A fast path for the most common lossless camera image: an 8-bit, non-interlaced PNG (grey, grey+alpha,
// RGB or RGBA) without colour-management chunks is decoded with pngjs (node's zlib for the inflate, then
// its row filters: 0.61 CPU-ms for a noisy 128 px PNG, against 1.19 for fast-png's JavaScript inflate)
// instead of sharp, whose fixed cost per call (building a libvips pipeline, a thread hop) is most of the
// work for a small image on the inspection API's hot path. Only
// PNGs whose pixels are their own bytes take this path, so the result equals sharp's
// `.removeAlpha().toColourspace('srgb').raw()` exactly (tested). Anything else — other bit depths,
// palettes, interlacing, gamma or ICC chunks, transparency keys, a bad checksum, a damaged stream —
// answers null and the caller decodes with sharp, which also decides what is corrupt.
import { PNG } from 'pngjs';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks whose presence leaves the pixels sharp gives back unchanged. */
const PLAIN = new Set([
  'IHDR',
  'IDAT',
  'IEND',
  'tEXt',
  'zTXt',
  'iTXt',
  'tIME',
  'pHYs',
  'sRGB',
  'bKGD',
  'eXIf',
]);
/** Colour types with their channels: grey, RGB, grey + alpha, RGBA (3, the palette, is not plain). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
/** Larger images go to sharp (its pixel limit and streaming decode). */
const MAX_PIXELS = 40_000_000;

export interface RgbImage {
  /** Interleaved RGB, 3 bytes per pixel. */
  data: Buffer;
  width: number;
  height: number;
}

/** True when the PNG's header and chunk list say its pixels are its own 8-bit bytes. */
function isPlain(b: Buffer): boolean {
  if (b.length < 57 || !b.subarray(0, 8).equals(SIGNATURE) || b.toString('latin1', 12, 16) !== 'IHDR')
    return false;
  const [depth, colour, , , interlace] = b.subarray(24, 29);
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  if (depth !== 8 || !CHANNELS[colour!] || interlace || width * height > MAX_PIXELS) return false;
  for (let pos = 8; pos + 12 <= b.length;) {
    const len = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (!PLAIN.has(type)) return false;
    if (type === 'IEND') return true;
    pos += 12 + len;
  }
  return false; // no IEND: truncated
}

export function decodePngRgb(b: Buffer): RgbImage | null {
  if (!isPlain(b)) return null;
  let png;
  try {
    png = PNG.sync.read(b, { checkCRC: true });
  } catch {
    return null;
  }
  // pngjs gives RGBA whatever the colour type (grey repeated in R, G and B); sharp's removeAlpha drops A.
  const { width, height, data: rgba } = png;
  if (rgba.length !== width * height * 4) return null;
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    out[o] = rgba[i]!;
    out[o + 1] = rgba[i + 1]!;
    out[o + 2] = rgba[i + 2]!;
  }
  return { data: out, width, height };
}
