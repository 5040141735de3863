// Ground-truth masks as binary arrays (white = set), optionally resized (nearest) to a given size.
import sharp from 'sharp';
import { VisionError } from '../errors';

export async function readMask(
  path: string,
  width?: number,
  height?: number,
): Promise<{ data: Uint8Array; width: number; height: number }> {
  try {
    let img = sharp(path).removeAlpha().greyscale();
    if (width && height) img = img.resize(width, height, { fit: 'fill', kernel: 'nearest' });
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    const out = new Uint8Array(info.width * info.height);
    for (let i = 0; i < out.length; i++) out[i] = data[i * info.channels]! > 127 ? 1 : 0;
    return { data: out, width: info.width, height: info.height };
  } catch (err) {
    throw new VisionError('DATA_CORRUPT_FILE', `Cannot read mask ${path}: ${(err as Error).message}`);
  }
}
