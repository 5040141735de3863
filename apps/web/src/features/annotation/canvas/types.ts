// Shapes, tools and modes of the annotation canvas. Plain data: no DOM, no React.

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** SPEC §3 annotation object types, plus the canvas-only geometric kinds that become polygons. */
export type ShapeType = 'rectangle' | 'circle' | 'ellipse' | 'polygon' | 'path' | 'mask' | 'sam' | 'region';

/** A binary mask in image pixels covering `rect` (row-major, 1 = inside). */
export interface MaskData {
  rect: Rect;
  bits: Uint8Array;
}

export interface Shape {
  id: string;
  type: ShapeType;
  classId: string;
  /** rectangle: 2 corners; circle/ellipse: centre + (rx, ry) as second point; polygon/path: vertices. */
  points: Point[];
  /** brush width for paths, in image pixels. */
  width?: number;
  mask?: MaskData;
  erasable?: boolean;
}

export type ToolType =
  | 'select'
  | 'rectangle'
  | 'circle'
  | 'ellipse'
  | 'polygon'
  | 'path'
  | 'eraser'
  | 'magicWand'
  | 'sam'
  | 'region'
  | 'pan';

export const DRAWING_TOOLS: readonly ToolType[] = [
  'rectangle',
  'circle',
  'ellipse',
  'polygon',
  'path',
  'eraser',
  'magicWand',
  'sam',
  'region',
];

/** Canvas mode (CVAT's Mode enum): idle, drawing (a tool holds a draft), editing (points of a shape), readonly. */
export type Mode = 'idle' | 'drawing' | 'editing' | 'readonly';

/** The per-tool child state (tldraw StateNode children). */
export type ToolState = 'idle' | 'pointing' | 'drawing' | 'editing';

/** SPEC §9 constants of the canvas. */
export const CANVAS_LIMITS = {
  rectangleDropPx: 10,
  polygonPointRadius: 7,
  wandThreshold: 15,
  wandThresholdMin: 1,
  wandThresholdMax: 255,
  wandBlurRadius: 0,
  /** Real images are grainy: the seed colour is the median of the 5 × 5 pixels around the press… */
  wandSeedRadius: 2,
  /** …and pinholes of up to 16 px the noise leaves inside a selection are filled. */
  wandPinholeArea: 16,
  wandSimplifyTolerance: 5,
  wandSimplifyCount: 30,
  wandHatchLength: 4,
  wandOutlineRefreshMs: 300,
  maskAlpha: 120,
  maxRegions: 10,
  cursorStrokeRatio: 0.003,
} as const;
