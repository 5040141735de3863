// The PNG fast path (infer/png.ts) gives exactly sharp's pixels, and leaves every PNG it does not fully
// understand (or that is damaged) to sharp.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePngRgb } from '../src/infer/png';
import { decodeRaw } from '../src/infer/preprocess';

/** Noise plus gradients and edges, so the encoder's adaptive filtering picks every filter type. */
function pixels(w: number, h: number, channels: number, seed = 7): Buffer {
  let s = seed;
  const rnd = () => (s = (s * 16807) % 2147483647) % 256;
  const px = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < channels; c++) {
        const smooth = (x * 3 + y * 2 + c * 40) % 256;
        px[(y * w + x) * channels + c] = y % 5 === 0 ? rnd() : x % 17 < 3 ? 255 - smooth : smooth;
      }
  return px;
}

const viaSharp = async (png: Buffer) =>
  sharp(png).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });

describe('PNG fast path', () => {
  it.each([
    ['grey', 1, 37, 23],
    ['grey + alpha', 2, 40, 31],
    ['RGB', 3, 128, 128],
    ['RGBA', 4, 33, 65],
    ['RGB, one pixel wide', 3, 1, 9],
  ] as const)('%s: the same pixels as sharp', async (_name, channels, w, h) => {
    for (const level of [0, 6, 9]) {
      const png = await sharp(pixels(w, h, channels), { raw: { width: w, height: h, channels } })
        .png({ compressionLevel: level, adaptiveFiltering: true, palette: false })
        .toBuffer();
      const fast = decodePngRgb(png);
      expect(fast).not.toBeNull();
      const ref = await viaSharp(png);
      expect(ref.info.channels).toBe(3);
      expect([fast!.width, fast!.height]).toEqual([ref.info.width, ref.info.height]);
      expect(fast!.data.equals(ref.data)).toBe(true);
    }
  });

  it('leaves palettes, 16 bits, interlacing and colour-managed PNGs to sharp', async () => {
    const raw = { raw: { width: 24, height: 16, channels: 3 as const } };
    const palette = await sharp(pixels(24, 16, 3), raw)
      .png({ palette: true })
      .toBuffer();
    const deep = await sharp(pixels(24, 16, 3), raw)
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    const interlaced = await sharp(pixels(24, 16, 3), raw)
      .png({ progressive: true })
      .toBuffer();
    const icc = await sharp(pixels(24, 16, 3), raw)
      .withIccProfile('srgb')
      .png()
      .toBuffer();
    for (const png of [palette, deep, interlaced, icc]) {
      expect(decodePngRgb(png)).toBeNull();
      const d = await decodeRaw(png, 3); // sharp still reads them
      expect([d.width, d.height]).toEqual([24, 16]);
    }
  });

  it('a damaged PNG is not decoded here, and decoding refuses it as before', async () => {
    const png = await sharp(pixels(32, 32, 3), { raw: { width: 32, height: 32, channels: 3 } })
      .png()
      .toBuffer();
    const flipped = Buffer.from(png);
    flipped[png.length - 30] ^= 0xff; // inside the image data: its chunk checksum no longer matches
    expect(decodePngRgb(flipped)).toBeNull();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect(decodePngRgb(truncated)).toBeNull();
    await expect(decodeRaw(truncated, 3)).rejects.toMatchObject({ code: 'DATA_CORRUPT_FILE' });
    expect(
      decodePngRgb(Buffer.from('not a png at all, just some bytes here.........................')),
    ).toBeNull();
  });
});
