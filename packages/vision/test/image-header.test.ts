// readImageHeader against sharp's own metadata on generated PNGs and JPEGs (grey, colour, alpha,
// palette, EXIF), and its refusals: truncated files, trailing bytes, other formats.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../src/dataset/image-header';

function raw(w: number, h: number, channels: 1 | 2 | 3 | 4, seed = 1) {
  const b = Buffer.alloc(w * h * channels);
  for (let i = 0; i < b.length; i++) b[i] = (i * 7 + seed * 13) & 255;
  return sharp(b, { raw: { width: w, height: h, channels } });
}

describe('readImageHeader', () => {
  const cases: [string, () => Promise<Buffer>][] = [
    ['png grey', () => raw(33, 17, 1).png().toBuffer()],
    ['png grey+alpha', () => raw(20, 30, 2).png().toBuffer()],
    ['png rgb', () => raw(64, 48, 3).png().toBuffer()],
    ['png rgba', () => raw(7, 5, 4).png().toBuffer()],
    ['png palette', () => raw(40, 40, 3).png({ palette: true }).toBuffer()],
    ['png 16 bit', () => raw(9, 11, 3).toColourspace('rgb16').png().toBuffer()],
    ['jpeg rgb', () => raw(300, 200, 3).jpeg().toBuffer()],
    ['jpeg grey', () => raw(31, 29, 1).jpeg().toBuffer()],
    ['jpeg progressive', () => raw(64, 64, 3).jpeg({ progressive: true }).toBuffer()],
    ['jpeg exif', () => raw(40, 20, 3).withMetadata({ orientation: 6 }).jpeg().toBuffer()],
  ];
  for (const [name, make] of cases)
    it(`${name}: the same size, format and channels as sharp`, async () => {
      const buf = await make();
      const meta = await sharp(buf).metadata();
      const h = readImageHeader(buf);
      expect(h).toMatchObject({ format: meta.format, width: meta.width, height: meta.height });
      expect(h!.channels).toBe(meta.channels);
      expect(h!.exif).toBe(meta.orientation !== undefined);
    });

  it('refuses truncated files, trailing bytes and other formats', async () => {
    const png = await raw(30, 30, 3).png().toBuffer();
    const jpg = await raw(30, 30, 3).jpeg().toBuffer();
    expect(readImageHeader(png.subarray(0, png.length - 20))).toBeNull();
    expect(readImageHeader(Buffer.concat([png, Buffer.from('junk')]))).toBeNull();
    expect(readImageHeader(jpg.subarray(0, jpg.length - 100))).toBeNull();
    expect(readImageHeader(jpg.subarray(0, 40))).toBeNull();
    expect(readImageHeader(await raw(10, 10, 3).webp().toBuffer())).toBeNull();
    expect(readImageHeader(Buffer.from('not an image at all'))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
    // Zero padding after the end-of-image marker is allowed.
    expect(readImageHeader(Buffer.concat([jpg, Buffer.alloc(4)]))).toMatchObject({ width: 30, height: 30 });
  });
});
