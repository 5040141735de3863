// The prediction image: the original with boxes, regions or the verdict drawn. It imports sharp and no
// engine code, so the low-priority drawer process (prediction-drawer.ts) loads nothing else.
import sharp from 'sharp';
import type { LineVerdict } from '@sightline/vision';

export type DrawnVerdict = Pick<LineVerdict, 'judgement' | 'className' | 'score' | 'result'>;

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The original with the verdict drawn on it, as JPEG: a function of the original and the stored verdict
 * only, so it can be drawn after the answer (or again, on demand) and always looks the same.
 */
export async function predictionImage(original: Buffer, v: DrawnVerdict): Promise<Buffer> {
  // Not auto-rotated: boxes are in the pixel grid the engine decoded (EXIF orientation ignored, as there).
  const img = sharp(original, { failOn: 'none' });
  const meta = await img.metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const colour = v.judgement === 'NG' ? '#d9304f' : '#2f9e44';
  const line = Math.max(2, Math.round(Math.min(w, h) / 100));
  const font = Math.max(10, Math.round(Math.min(w, h) / 12));
  const shapes: string[] = [];
  for (const b of v.result.boxes ?? [])
    shapes.push(
      `<rect x="${b.x1}" y="${b.y1}" width="${b.x2 - b.x1}" height="${b.y2 - b.y1}" fill="none" stroke="${colour}" stroke-width="${line}"/>`,
    );
  for (const r of v.result.regions ?? [])
    if (r.polygon?.length)
      shapes.push(
        `<polygon points="${r.polygon.map(([x, y]) => `${x},${y}`).join(' ')}" fill="${colour}" fill-opacity="0.35" stroke="${colour}" stroke-width="${line}"/>`,
      );
  const label = `${v.judgement}${v.className ? ` ${v.className}` : ''} ${v.score.toFixed(2)}`;
  shapes.push(
    `<rect x="0" y="0" width="${w}" height="${h}" fill="none" stroke="${colour}" stroke-width="${line * 2}"/>`,
    `<text x="${line * 2}" y="${font + line}" font-family="sans-serif" font-size="${font}" font-weight="bold" fill="${colour}" stroke="#fff" stroke-width="${Math.max(1, font / 12)}" paint-order="stroke">${esc(label)}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${shapes.join('')}</svg>`;
  // Without boxes or regions the overlay is the frame and the label only: lines of one camera repeat it,
  // so it is rasterised once (the text is most of the cost of drawing).
  const plain = !v.result.boxes?.length && !v.result.regions?.some((r) => r.polygon?.length);
  const input = plain ? await overlayPng(svg) : Buffer.from(svg);
  return img
    .composite([{ input, top: 0, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const overlays = new Map<string, Promise<Buffer>>();
function overlayPng(svg: string): Promise<Buffer> {
  let p = overlays.get(svg);
  if (!p) {
    if (overlays.size >= 256) overlays.clear();
    p = sharp(Buffer.from(svg)).png().toBuffer();
    overlays.set(svg, p);
    p.catch(() => overlays.delete(svg));
  }
  return p;
}
