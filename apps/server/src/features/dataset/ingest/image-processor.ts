// Decodes one image with sharp: dimensions, channels, format, content hash and a WebP thumbnail.
// Any decoding problem (corrupt, truncated, not really an image, too many pixels) refuses the file.
import { createHash } from 'node:crypto';
import { decodeWithThumbnail, UnsupportedImageFormat, type DecodedImage } from '@sightline/vision';
import { DatasetErrorCode as E } from '@sightline/domain';
import { AppError } from '../../../common/app-error';

export { THUMB_SIZE } from '@sightline/vision';
export type ProcessedImage = DecodedImage;

export const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff']);

export async function processImage(buf: Buffer, label: string, maxPixels: number): Promise<ProcessedImage> {
  try {
    return await decodeWithThumbnail(buf, maxPixels, ALLOWED_FORMATS);
  } catch (err) {
    if (err instanceof UnsupportedImageFormat) throw new AppError(E.NotAnImage, 400, { file: label });
    const msg = (err as Error).message ?? '';
    if (/unsupported image format/i.test(msg)) throw new AppError(E.NotAnImage, 400, { file: label });
    if (/pixel limit/i.test(msg))
      throw new AppError(E.FileTooLarge, 400, { file: label, max: `${maxPixels} px` });
    throw new AppError(E.ImageCorrupt, 400, { file: label });
  }
}
