// Imported (stored PNG) masks of a document, fetched and decoded into canvas mask pixels so the sg
// workspace draws them (GET /api/v2/datasets/:id/images/:imageId/mask-file?key=, white = the class).
import type { AnnotationDocument } from '@sightline/domain';
import { api } from '../../../api/client';
import type { MaskData } from '../canvas/types';

/** The set pixels of an RGBA image (R channel over 127, or alpha-only white), cropped to their box. */
export function maskFromRgba(rgba: Uint8ClampedArray, w: number, h: number): MaskData | null {
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1;
  const on = (i: number) => rgba[i * 4]! > 127 && rgba[i * 4 + 3]! > 127;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (on(y * w + x)) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < 0) return null;
  const rect = { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
  const bits = new Uint8Array(rect.w * rect.h);
  for (let y = 0; y < rect.h; y++)
    for (let x = 0; x < rect.w; x++) bits[y * rect.w + x] = on((y + y0) * w + x + x0) ? 1 : 0;
  return { rect, bits };
}

async function decodePng(blob: Blob): Promise<MaskData | null> {
  const bmp = await createImageBitmap(blob);
  const c = document.createElement('canvas');
  c.width = bmp.width;
  c.height = bmp.height;
  const ctx = c.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bmp, 0, 0);
  bmp.close();
  return maskFromRgba(ctx.getImageData(0, 0, c.width, c.height).data, c.width, c.height);
}

/** Pixels of the document's stored masks by object id; a mask that fails to load is left out. */
export async function fetchStoredMasks(
  datasetId: number,
  imageId: string,
  doc: AnnotationDocument,
): Promise<Map<string, MaskData>> {
  const out = new Map<string, MaskData>();
  await Promise.all(
    doc.objects.map(async (o) => {
      if (o.type !== 'mask') return;
      try {
        const blob = await api.get<Blob>(`/api/v2/datasets/${datasetId}/images/${imageId}/mask-file`, {
          query: { key: o.key },
          responseType: 'blob',
        });
        const m = await decodePng(blob);
        if (m) out.set(o.id, m);
      } catch {
        // Not drawn; the object is still kept (by key) when the document is saved.
      }
    }),
  );
  return out;
}
