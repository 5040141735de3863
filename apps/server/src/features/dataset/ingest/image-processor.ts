// Decodes one image with sharp: dimensions, channels, format, content hash and a WebP thumbnail.
// Any decoding problem (corrupt, truncated, not really an image, too many pixels) refuses the file.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DatasetErrorCode as E } from '@sightline/domain';
import { AppError } from '../../../common/app-error';

export const THUMB_SIZE = 256;

export interface ProcessedImage {
  width: number;
  height: number;
  channels: number;
  format: string;
  thumb: Buffer;
}

export const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff']);

export async function processImage(buf: Buffer, label: string, maxPixels: number): Promise<ProcessedImage> {
  try {
    const img = sharp(buf, { failOn: 'error', limitInputPixels: maxPixels });
    const meta = await img.metadata();
    if (!meta.format || !ALLOWED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      throw new AppError(E.NotAnImage, 400, { file: label });
    }
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
  } catch (err) {
    if (err instanceof AppError) throw err;
    const msg = (err as Error).message ?? '';
    if (/unsupported image format/i.test(msg)) throw new AppError(E.NotAnImage, 400, { file: label });
    if (/pixel limit/i.test(msg))
      throw new AppError(E.FileTooLarge, 400, { file: label, max: `${maxPixels} px` });
    throw new AppError(E.ImageCorrupt, 400, { file: label });
  }
}
