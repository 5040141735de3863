// Overlay PNGs of the result pages, kept small: ad heatmaps at the model's input size (grey, 0..1 → 0..255),
// sg masks at the label map's size (RGBA: transparent background, one half-opaque colour per class).
// Encoded here with zlib (no image library in the job package).
import { deflateSync } from 'node:zlib';
import type { AdPrediction, SgPrediction } from '@sightline/vision';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG of 8-bit pixels: channels 1 (grey) or 4 (RGBA), rows top to bottom. */
export function encodePng(width: number, height: number, channels: 1 | 4, pixels: Uint8Array): Buffer {
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = channels === 1 ? 0 : 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first crop's heatmap as a grey PNG (null when the model gave none). */
export function heatmapPng(p: AdPrediction): Buffer | null {
  const h = p.heatmaps[0];
  if (!h || h.data.length !== h.size * h.size) return null;
  const px = new Uint8Array(h.data.length);
  for (let i = 0; i < px.length; i++) px[i] = Math.round(Math.min(1, Math.max(0, h.data[i]!)) * 255);
  return encodePng(h.size, h.size, 1, px);
}

const PALETTE: [number, number, number][] = [
  [230, 57, 70],
  [42, 157, 143],
  [244, 162, 97],
  [69, 123, 157],
  [155, 93, 229],
  [255, 209, 102],
  [6, 214, 160],
  [239, 71, 111],
];

/** The predicted label map as an RGBA overlay (background transparent). */
export function maskPng(p: SgPrediction): Buffer | null {
  if (!p.width || !p.height || p.labelMap.length !== p.width * p.height) return null;
  const px = new Uint8Array(p.width * p.height * 4);
  for (let i = 0; i < p.labelMap.length; i++) {
    const k = p.labelMap[i]!;
    if (!k) continue;
    const [r, g, b] = PALETTE[(k - 1) % PALETTE.length]!;
    px.set([r, g, b, 128], i * 4);
  }
  return encodePng(p.width, p.height, 4, px);
}

export const overlayKey = (evaluationId: number, imageId: string) =>
  `evaluations/${evaluationId}/overlays/${imageId.toLowerCase()}.png`;
