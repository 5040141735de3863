// Viewport kernels: image ↔ screen transforms, zoom about a point, fit and visible rectangle.
import type { Point, Rect } from '../types';

export interface Viewport {
  /** screen pixels per image pixel */
  scale: number;
  /** screen position of image (0, 0) */
  tx: number;
  ty: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 40;

export const toImage = (v: Viewport, p: Point): Point => ({
  x: (p.x - v.tx) / v.scale,
  y: (p.y - v.ty) / v.scale,
});
export const toScreen = (v: Viewport, p: Point): Point => ({
  x: p.x * v.scale + v.tx,
  y: p.y * v.scale + v.ty,
});

/** Zooms by `factor` keeping the image point under screen point `at` in place. */
export function zoomAt(v: Viewport, at: Point, factor: number): Viewport {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, v.scale * factor));
  const k = scale / v.scale;
  return { scale, tx: at.x - (at.x - v.tx) * k, ty: at.y - (at.y - v.ty) * k };
}

export const pan = (v: Viewport, dx: number, dy: number): Viewport => ({
  ...v,
  tx: v.tx + dx,
  ty: v.ty + dy,
});

/** Fits an image of iw × ih into a view of vw × vh, centred, with a margin. */
export function fit(iw: number, ih: number, vw: number, vh: number, margin = 8): Viewport {
  const scale = Math.max(MIN_SCALE, Math.min((vw - 2 * margin) / iw, (vh - 2 * margin) / ih));
  return { scale, tx: (vw - iw * scale) / 2, ty: (vh - ih * scale) / 2 };
}

/** The part of the image plane visible in a view of vw × vh. */
export function visibleRect(v: Viewport, vw: number, vh: number): Rect {
  const a = toImage(v, { x: 0, y: 0 });
  return { x: a.x, y: a.y, w: vw / v.scale, h: vh / v.scale };
}
