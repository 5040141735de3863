// A fast path for the most common lossless camera image: an 8-bit, non-interlaced PNG (grey, grey+alpha,
// RGB or RGBA) without colour-management chunks is decoded with fast-png (pure JS, a few tenths of a
// millisecond for a small image) instead of sharp, whose fixed cost per call (building a libvips
// pipeline, a thread hop) is most of the work for a small image on the inspection API's hot path. Only
// PNGs whose pixels are their own bytes take this path, so the result equals sharp's
// `.removeAlpha().toColourspace('srgb').raw()` exactly (tested). Anything else — other bit depths,
// palettes, interlacing, gamma or ICC chunks, transparency keys, a bad checksum, a damaged stream —
// answers null and the caller decodes with sharp, which also decides what is corrupt.
import { decode } from 'fast-png';

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
    png = decode(b, { checkCrc: true });
  } catch {
    return null;
  }
  const { width, height, channels } = png;
  const src = png.data;
  if (png.depth !== 8 || src.length !== width * height * channels) return null;
  if (channels === 3) return { data: Buffer.from(src.buffer, src.byteOffset, src.byteLength), width, height };
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0, o = 0; i < src.length; i += channels, o += 3) {
    // Grey (+ alpha) repeats its grey; RGBA drops its alpha, as sharp's removeAlpha does.
    const grey = channels < 3;
    out[o] = src[i]!;
    out[o + 1] = src[grey ? i : i + 1]!;
    out[o + 2] = src[grey ? i : i + 2]!;
  }
  return { data: out, width, height };
}
