// Image facts from the file's bytes without decoding the pixels: format, size and channels from the PNG
// IHDR chunk or the JPEG start-of-frame marker, whether an EXIF block may rotate it, and whether the file
// ends where its format says it ends (PNG IEND chunk, JPEG end-of-image marker), which is how a truncated
// upload shows. An import reads these instead of decoding every image; null means "not sure, decode it".

export interface ImageHeader {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  channels: number;
  /** JPEG with an EXIF block: its orientation may swap or flip what is displayed. */
  exif: boolean;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 };

function png(buf: Buffer): ImageHeader | null {
  if (buf.length < 57 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const colorType = buf[25]!;
  // The last chunk: length 0, type IEND, CRC ae426082 (trailing bytes after it are not allowed either).
  if (buf.toString('latin1', buf.length - 8, buf.length - 4) !== 'IEND') return null;
  if (buf.readUInt32BE(buf.length - 4) !== 0xae426082) return null;
  let channels = PNG_CHANNELS[colorType];
  if (channels === undefined || !width || !height) return null;
  // A palette or grey image with a tRNS chunk decodes with an alpha channel.
  if ((colorType === 3 || colorType === 0 || colorType === 2) && buf.includes('tRNS', 33, 'latin1'))
    channels += 1;
  return { format: 'png', width, height, channels, exif: false };
}

function jpeg(buf: Buffer): ImageHeader | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  // The end-of-image marker, allowing a few padding bytes some writers add after it.
  let end = buf.length;
  while (end > 2 && buf.length - end < 16 && buf[end - 1] === 0x00) end--;
  if (buf[end - 2] !== 0xff || buf[end - 1] !== 0xd9) return null;
  let exif = false;
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = buf.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > buf.length) return null;
    if (marker === 0xe1 && buf.toString('latin1', i + 4, i + 8) === 'Exif') exif = true;
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (len < 8) return null;
      const height = buf.readUInt16BE(i + 5);
      const width = buf.readUInt16BE(i + 7);
      const channels = buf[i + 9]!;
      if (!width || !height || (channels !== 1 && channels !== 3 && channels !== 4)) return null;
      return { format: 'jpeg', width, height, channels, exif };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data before a frame header
    i += 2 + len;
  }
  return null;
}

/** The header of a PNG or JPEG that is complete; null for any other format or any doubt. */
export function readImageHeader(buf: Buffer): ImageHeader | null {
  try {
    return png(buf) ?? jpeg(buf);
  } catch {
    return null;
  }
}
