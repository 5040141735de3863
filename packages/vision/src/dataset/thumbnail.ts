// One decode of an uploaded image: its displayed size, channels, format and a WebP thumbnail. The server's
// upload and the worker's external-label import both use it; each maps the thrown errors to its own codes.
import sharp from 'sharp';

export const THUMB_SIZE = 256;

export interface DecodedImage {
  width: number;
  height: number;
  channels: number;
  format: string;
  thumb: Buffer;
}

/** Thrown when the bytes decode but as a format the caller does not take. */
export class UnsupportedImageFormat extends Error {
  constructor(readonly format: string | undefined) {
    super(`unsupported image format ${format ?? 'unknown'}`);
  }
}

/** sharp's own default pixel limit. */
export const MAX_DECODE_PIXELS = 268_402_689;

/** Decodes BUF (at most MAX_PIXELS; FORMATS when given): sharp errors (corrupt, truncated, pixel limit) pass
 * through. */
export async function decodeWithThumbnail(
  buf: Buffer,
  maxPixels = MAX_DECODE_PIXELS,
  formats?: ReadonlySet<string>,
): Promise<DecodedImage> {
  const img = sharp(buf, { failOn: 'error', limitInputPixels: maxPixels });
  const meta = await img.metadata();
  if (!meta.format || (formats && !formats.has(meta.format)) || !meta.width || !meta.height)
    throw new UnsupportedImageFormat(meta.format);
  // Decoding the thumbnail reads the whole pixel stream, which is what exposes truncation.
  const thumb = await img
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
  // EXIF orientations 5–8 swap the displayed width and height.
  const swap = (meta.orientation ?? 1) >= 5;
  return {
    width: swap ? meta.height : meta.width,
    height: swap ? meta.width : meta.height,
    channels: meta.channels ?? 0,
    format: meta.format,
    thumb,
  };
}
