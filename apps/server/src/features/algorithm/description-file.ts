// Algorithm description documents (an image or a PDF). The type is decided from the file's first
// bytes, not from the client's claim; the stored key is id-based, never built from the file name.
import { randomUUID } from 'node:crypto';
import { assertKey } from '@sightline/storage';

const SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    mime: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { mime: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The MIME type of an accepted description document, or null when it is neither image nor PDF. */
export function sniffDescriptionType(head: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(head))?.mime ?? null;
}

export const descriptionKey = (algorithmId: number) => assertKey(`algorithms/${algorithmId}/${randomUUID()}`);

/** A display name safe for a Content-Disposition header. */
export function safeDisplayName(name: string): string {
  const clean = name.replace(/[^\w.\- ]/g, '_').slice(-120);
  return clean || 'description';
}
