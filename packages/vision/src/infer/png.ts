// A fast path for the most common lossless camera image: an 8-bit, non-interlaced PNG (grey, grey+alpha,
// RGB or RGBA) without colour-management chunks is decoded here (node's zlib for the inflate and the chunk
// checksums, the row filters undone straight into RGB; pngjs, used before, made RGBA first and checked
// checksums in JavaScript: 0.25 → 0.05 CPU-ms for a 128 px RGB PNG) instead of sharp, whose fixed cost per call (building a libvips pipeline, a thread hop) is most of the
// work for a small image on the inspection API's hot path. Only
// PNGs whose pixels are their own bytes take this path, so the result equals sharp's
// `.removeAlpha().toColourspace('srgb').raw()` exactly (tested). Anything else — other bit depths,
// palettes, interlacing, gamma or ICC chunks, transparency keys, a bad checksum, a damaged stream —
// answers null and the caller decodes with sharp, which also decides what is corrupt.
import { crc32, inflateSync } from 'node:zlib';

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
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  const channels = CHANNELS[b[25]!]!;
  // Chunk checksums (node's native crc32) and the IDAT stream, in order.
  const idat: Buffer[] = [];
  for (let pos = 8; pos + 12 <= b.length;) {
    const len = b.readUInt32BE(pos);
    if (pos + 12 + len > b.length) return null;
    const body = b.subarray(pos + 4, pos + 8 + len);
    if (crc32(body) !== b.readUInt32BE(pos + 8 + len)) return null;
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (type === 'IEND') break;
    if (type === 'IDAT') idat.push(b.subarray(pos + 8, pos + 8 + len));
    pos += 12 + len;
  }
  const stride = width * channels;
  let raw: Buffer;
  try {
    // One output chunk the size of the filtered rows (and a little): with zlib's default 16 kB chunks, the
    // inflate allocates a chunk per 16 kB and then copies them together, twice the external memory per image.
    raw = inflateSync(idat.length === 1 ? idat[0]! : Buffer.concat(idat), {
      chunkSize: Math.max(1024, height * (stride + 1) + 64),
    });
  } catch {
    return null;
  }
  if (raw.length < height * (stride + 1)) return null;
  return { data: unfilterToRgb(raw, width, height, channels), width, height };
}

/** The PNG row filters undone (in place, row by row) and the pixels written as RGB: grey repeated, alpha
 *  dropped, as sharp's removeAlpha/toColourspace('srgb') give them. */
function unfilterToRgb(raw: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  // RGB rows are moved down over the filter bytes, in the inflated buffer itself (no second image-sized
  // buffer per image on the inspection API's path); other layouts expand into a new buffer.
  const out = bpp === 3 ? raw : Buffer.allocUnsafe(width * height * 3);
  let prev = -1; // offset of the previous (already unfiltered) row's first byte; none for the first row
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    const filter = raw[row - 1]!;
    // One loop per filter type (a Buffer keeps the low 8 bits of each sum).
    if (filter === 1) for (let i = bpp; i < stride; i++) raw[row + i] += raw[row + i - bpp]!;
    else if (filter === 2 && prev >= 0) for (let i = 0; i < stride; i++) raw[row + i] += raw[prev + i]!;
    else if (filter === 3)
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? raw[row + i - bpp]! : 0;
        raw[row + i] += (a + (prev >= 0 ? raw[prev + i]! : 0)) >> 1;
      }
    else if (filter === 4)
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? raw[row + i - bpp]! : 0;
        const up = prev >= 0 ? raw[prev + i]! : 0;
        const c = i >= bpp && prev >= 0 ? raw[prev + i - bpp]! : 0;
        const p = a + up - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - c);
        raw[row + i] += pa <= pb && pa <= pc ? a : pb <= pc ? up : c;
      }
    const o0 = y * width * 3;
    if (bpp === 3) {
      // Row y lands at y·stride, before its own bytes and after row y−1's new place; the next row's
      // filters read it there.
      raw.copyWithin(o0, row, row + stride);
      prev = o0;
      continue;
    } else
      for (let x = 0, o = o0; x < width; x++, o += 3) {
        const s = row + x * bpp;
        if (bpp >= 3) {
          out[o] = raw[s]!;
          out[o + 1] = raw[s + 1]!;
          out[o + 2] = raw[s + 2]!;
        } else out[o] = out[o + 1] = out[o + 2] = raw[s]!;
      }
    prev = row;
  }
  return bpp === 3 ? raw.subarray(0, width * height * 3) : out;
}
