// Canvas2D drawing of shapes and drafts. Callers set the image→screen transform; line widths are
// divided by the scale so strokes stay 1–2 screen pixels at every zoom.
import { shapeOutline } from '../geometry/shapes';
import type { Draft } from '../tools/tool';
import { CANVAS_LIMITS, type MaskData, type Point, type Shape } from '../types';

export type ColorOf = (classId: string) => string;

const maskCache = new WeakMap<MaskData, { color: string; canvas: HTMLCanvasElement | OffscreenCanvas }>();

function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : [255, 64, 64];
}

function maskCanvas(m: MaskData, color: string): HTMLCanvasElement | OffscreenCanvas {
  const hit = maskCache.get(m);
  if (hit && hit.color === color) return hit.canvas;
  const c =
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(m.rect.w, m.rect.h)
      : Object.assign(document.createElement('canvas'), { width: m.rect.w, height: m.rect.h });
  const g = c.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  const img = g.createImageData(m.rect.w, m.rect.h);
  const [r, gg, b] = hexToRgb(color);
  for (let i = 0; i < m.bits.length; i++)
    if (m.bits[i]) {
      img.data[i * 4] = r;
      img.data[i * 4 + 1] = gg;
      img.data[i * 4 + 2] = b;
      img.data[i * 4 + 3] = CANVAS_LIMITS.maskAlpha;
    }
  g.putImageData(img, 0, 0);
  maskCache.set(m, { color, canvas: c });
  return c;
}

function tracePath(g: CanvasRenderingContext2D, pts: readonly Point[], close: boolean): void {
  if (!pts.length) return;
  g.moveTo(pts[0]!.x, pts[0]!.y);
  for (let i = 1; i < pts.length; i++) g.lineTo(pts[i]!.x, pts[i]!.y);
  if (close) g.closePath();
}

function addShapePath(g: CanvasRenderingContext2D, s: Shape): void {
  if (s.type === 'circle' || s.type === 'ellipse') {
    const [c, r] = s.points as [Point, Point];
    g.moveTo(c.x + r.x, c.y);
    g.ellipse(c.x, c.y, r.x, r.y, 0, 0, Math.PI * 2);
    return;
  }
  const outline = shapeOutline(s);
  if (outline) tracePath(g, outline, true);
}

/**
 * Draws shapes one path each (Skia rasterises thousands of small paths far faster than one path of
 * thousands of contours), vector shapes first, then brush paths and masks.
 */
export function drawShapes(
  g: CanvasRenderingContext2D,
  shapes: readonly Shape[],
  colorOf: ColorOf,
  scale: number,
): void {
  g.lineWidth = 1.5 / scale;
  let last = '';
  for (const s of shapes) {
    if (s.type === 'path' || s.type === 'mask') continue;
    const color = s.type === 'region' ? '#00e5ff' : colorOf(s.classId);
    if (color !== last) {
      g.fillStyle = color + '33';
      g.strokeStyle = color;
      last = color;
    }
    g.beginPath();
    addShapePath(g, s);
    g.fill();
    g.stroke();
  }
  for (const s of shapes) {
    if (s.type === 'path') {
      g.beginPath();
      tracePath(g, s.points, false);
      g.lineCap = 'round';
      g.lineJoin = 'round';
      g.lineWidth = s.width ?? 1;
      g.strokeStyle = colorOf(s.classId) + '99';
      g.stroke();
    } else if (s.type === 'mask' && s.mask) {
      g.imageSmoothingEnabled = false;
      g.drawImage(maskCanvas(s.mask, colorOf(s.classId)), s.mask.rect.x, s.mask.rect.y);
    }
  }
}

/** Vertex handles of the selected shape (radius 7 screen px for polygons). */
export function drawHandles(g: CanvasRenderingContext2D, s: Shape, scale: number): void {
  g.lineWidth = 2 / scale;
  g.strokeStyle = '#ffffff';
  g.setLineDash([6 / scale, 4 / scale]);
  g.beginPath();
  addShapePath(g, s);
  if (s.type === 'path') tracePath(g, s.points, false);
  g.stroke();
  g.setLineDash([]);
  if (s.type !== 'polygon' && s.type !== 'sam') return;
  const r = CANVAS_LIMITS.polygonPointRadius / 2 / scale;
  g.fillStyle = '#ffffff';
  g.strokeStyle = '#1c7ed6';
  for (const p of s.points) {
    g.beginPath();
    g.arc(p.x, p.y, r, 0, Math.PI * 2);
    g.fill();
    g.stroke();
  }
}

export function drawDraft(g: CanvasRenderingContext2D, d: Draft, color: string, scale: number): void {
  g.lineWidth = 2 / scale;
  g.strokeStyle = color;
  g.fillStyle = color + '33';
  switch (d.kind) {
    case 'rect': {
      g.beginPath();
      g.rect(
        Math.min(d.a.x, d.b.x),
        Math.min(d.a.y, d.b.y),
        Math.abs(d.a.x - d.b.x),
        Math.abs(d.a.y - d.b.y),
      );
      g.strokeStyle = d.region ? '#00e5ff' : color;
      g.fill();
      g.stroke();
      return;
    }
    case 'ellipse':
      g.beginPath();
      g.ellipse(d.c.x, d.c.y, Math.max(0.1, d.rx), Math.max(0.1, d.ry), 0, 0, Math.PI * 2);
      g.fill();
      g.stroke();
      return;
    case 'polyline': {
      g.beginPath();
      tracePath(g, d.points, false);
      if (d.cursor) g.lineTo(d.cursor.x, d.cursor.y);
      g.stroke();
      const r = CANVAS_LIMITS.polygonPointRadius / scale;
      g.beginPath();
      g.arc(d.points[0]!.x, d.points[0]!.y, d.closing ? r : r / 2, 0, Math.PI * 2);
      g.fillStyle = d.closing ? color : '#ffffff';
      g.fill();
      g.stroke();
      return;
    }
    case 'stroke':
      g.beginPath();
      tracePath(g, d.points, false);
      g.lineCap = 'round';
      g.lineJoin = 'round';
      g.lineWidth = d.width;
      g.strokeStyle = d.erase ? 'rgba(255,255,255,0.55)' : color + '99';
      g.stroke();
      return;
    case 'selection':
      drawHatched(g, d.outlines, scale);
      return;
    case 'clicks':
      if (d.mask) {
        g.imageSmoothingEnabled = false;
        g.drawImage(maskCanvas(d.mask, color), d.mask.rect.x, d.mask.rect.y);
      }
      for (const c of d.clicks) {
        g.beginPath();
        g.arc(c.x, c.y, 5 / scale, 0, Math.PI * 2);
        g.fillStyle = c.type === 1 ? '#2f9e44' : '#e03131';
        g.fill();
        g.strokeStyle = '#ffffff';
        g.stroke();
      }
      return;
  }
}

/** Marching-ants outline of a magic-wand selection (hatch length 4 screen px). */
function drawHatched(g: CanvasRenderingContext2D, rings: Point[][], scale: number): void {
  const h = CANVAS_LIMITS.wandHatchLength / scale;
  g.beginPath();
  for (const r of rings) tracePath(g, r, true);
  g.lineWidth = 1 / scale;
  g.setLineDash([h, h]);
  g.strokeStyle = '#000000';
  g.stroke();
  g.lineDashOffset = h;
  g.strokeStyle = '#ffffff';
  g.stroke();
  g.setLineDash([]);
  g.lineDashOffset = 0;
}
