// The annotation document of one image (SPEC §3 "Annotation object", "Target region"): the cf label,
// the drawn objects (rectangle, polygon, path = brush, sam, eraser) and imported masks, and the target
// regions. Versioned like tldraw's shape records: `version` says which shape a stored JSON has and
// `migrateAnnotationDocument` brings any older one up to the current version, so old JSON still loads.
// Additions that older documents simply lack (the inline `rle` mask) keep the version: every stored
// v1/v2 document still parses as it is.
import { z } from 'zod';
import { TARGET_REGION_MAX } from '../constants';

export const ANNOTATION_VERSION = 2;
export const ANNOTATION_OBJECT_TYPES = [
  'rectangle',
  'polygon',
  'path',
  'sam',
  'eraser',
  'mask',
  'rle',
] as const;
export type AnnotationObjectType = (typeof ANNOTATION_OBJECT_TYPES)[number];

const coord = z.number().min(-1e6).max(1e6);
export const pointSchema = z.tuple([coord, coord]);
export type Point = z.infer<typeof pointSchema>;

const base = {
  /** Stable within the document (the canvas' object id). */
  id: z.string().min(1).max(64),
  /** The object's class (category); null for an eraser or an object whose class was removed. */
  classId: z.number().int().positive().nullable(),
  /** Whether the eraser may cut this object (SPEC §3 erasable flag). */
  erasable: z.boolean().default(true),
};

export const rectangleObjectSchema = z.object({
  ...base,
  type: z.literal('rectangle'),
  x1: coord,
  y1: coord,
  x2: coord,
  y2: coord,
});
export const polygonObjectSchema = z.object({
  ...base,
  type: z.literal('polygon'),
  points: z.array(pointSchema).min(3).max(10_000),
});
/** A brush stroke (path) or an eraser stroke: a polyline drawn with a round pen of `width` px. */
export const pathObjectSchema = z.object({
  ...base,
  type: z.literal('path'),
  points: z.array(pointSchema).min(1).max(20_000),
  width: z.number().positive().max(1000),
});
export const eraserObjectSchema = pathObjectSchema.extend({ type: z.literal('eraser') });
/** A segment-anything result: the clicks that made it and the outline it produced. */
export const samObjectSchema = z.object({
  ...base,
  type: z.literal('sam'),
  clicks: z
    .array(z.object({ x: coord, y: coord, clickType: z.union([z.literal(0), z.literal(1)]) }))
    .max(200),
  points: z.array(pointSchema).min(3).max(10_000),
});
/** A stored binary PNG (white = the class), e.g. from an imported sg dataset. */
export const maskObjectSchema = z.object({
  ...base,
  type: z.literal('mask'),
  key: z.string().min(1).max(512),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** Longest inline mask side and run list (a 4096 px side; a run list of a noisy mask stays well under). */
export const RLE_MAX_SIDE = 8192;
export const RLE_MAX_RUNS = 2_000_000;
/**
 * A mask drawn in the workspace (magic wand, eraser cuts, click segmentation kept as pixels), inline:
 * its box (x, y, w, h in image pixels) and the run lengths of its pixels inside the box, row-major,
 * alternating unset/set and starting with an unset run (COCO's uncompressed RLE, row-major). Holes survive.
 */
export const rleObjectSchema = z
  .object({
    ...base,
    type: z.literal('rle'),
    x: z.number().int().min(-1e6).max(1e6),
    y: z.number().int().min(-1e6).max(1e6),
    w: z.number().int().positive().max(RLE_MAX_SIDE),
    h: z.number().int().positive().max(RLE_MAX_SIDE),
    counts: z.array(z.number().int().min(0)).min(1).max(RLE_MAX_RUNS),
  })
  .refine((o) => o.counts.reduce((a, b) => a + b, 0) === o.w * o.h, {
    message: 'rle counts must cover w × h',
    path: ['counts'],
  });

export const annotationObjectSchema = z.discriminatedUnion('type', [
  rectangleObjectSchema,
  polygonObjectSchema,
  pathObjectSchema,
  eraserObjectSchema,
  samObjectSchema,
  maskObjectSchema,
  rleObjectSchema,
]);
export type AnnotationObject = z.infer<typeof annotationObjectSchema>;

export const targetRegionSchema = z.object({
  id: z.string().min(1).max(64),
  x1: coord,
  y1: coord,
  x2: coord,
  y2: coord,
});
export type TargetRegion = z.infer<typeof targetRegionSchema>;

export const annotationDocumentSchema = z.object({
  version: z.literal(ANNOTATION_VERSION),
  /** cf: the image's class (null = Unclassified). */
  label: z.number().int().positive().nullable(),
  objects: z.array(annotationObjectSchema).max(5000),
  regions: z.array(targetRegionSchema).max(TARGET_REGION_MAX),
});
export type AnnotationDocument = z.infer<typeof annotationDocumentSchema>;

export const emptyAnnotationDocument = (): AnnotationDocument => ({
  version: ANNOTATION_VERSION,
  label: null,
  objects: [],
  regions: [],
});

/**
 * Version 1 (no `version` field, or version 1): what the first od/sg import produced —
 * `classId`, `boxes: [{classId, x1, y1, x2, y2}]` and `masks: [{classId, key, sha256, width, height}]`.
 */
const v1Schema = z.object({
  version: z.literal(1).optional(),
  classId: z.number().int().positive().nullable().optional(),
  boxes: z
    .array(
      z.object({
        classId: z.number().int().positive().nullable(),
        x1: coord,
        y1: coord,
        x2: coord,
        y2: coord,
      }),
    )
    .default([]),
  masks: z
    .array(
      z.object({
        classId: z.number().int().positive().nullable(),
        key: z.string(),
        sha256: z.string(),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
      }),
    )
    .default([]),
});

/** Up-migrations: MIGRATIONS[n] turns a version-n document into version n+1. */
const MIGRATIONS: Record<number, (doc: unknown) => unknown> = {
  1: (doc) => {
    const v1 = v1Schema.parse(doc);
    return {
      version: 2,
      label: v1.classId ?? null,
      objects: [
        ...v1.boxes.map((b, i) => ({ id: `b${i}`, type: 'rectangle', erasable: true, ...b })),
        ...v1.masks.map((m, i) => ({ id: `m${i}`, type: 'mask', erasable: true, ...m })),
      ],
      regions: [],
    };
  },
};

/** Run lengths of a row-major bit array (alternating 0/1 runs, the first a run of 0s, possibly empty). */
export function encodeRle(bits: ArrayLike<number>): number[] {
  const counts: number[] = [];
  let cur = 0;
  let run = 0;
  for (let i = 0; i < bits.length; i++) {
    const v = bits[i] ? 1 : 0;
    if (v !== cur) {
      counts.push(run);
      run = 0;
      cur = v;
    }
    run++;
  }
  counts.push(run);
  return counts;
}

/** The bit array (1 = set) of run lengths over n cells; runs past n are cut. */
export function decodeRle(counts: readonly number[], n: number): Uint8Array {
  const bits = new Uint8Array(n);
  let at = 0;
  for (let k = 0; k < counts.length && at < n; k++) {
    const end = Math.min(n, at + counts[k]!);
    if (k % 2 === 1) bits.fill(1, at, end);
    at = end;
  }
  return bits;
}

export class AnnotationVersionError extends Error {}

/** Any stored or sent document (any known version) → the current version, validated. */
export function migrateAnnotationDocument(raw: unknown): AnnotationDocument {
  let doc = raw;
  let version = versionOf(doc);
  if (version > ANNOTATION_VERSION) throw new AnnotationVersionError(`Unknown annotation version ${version}`);
  while (version < ANNOTATION_VERSION) {
    doc = MIGRATIONS[version]!(doc);
    version = versionOf(doc);
  }
  return annotationDocumentSchema.parse(doc);
}

function versionOf(doc: unknown): number {
  if (!doc || typeof doc !== 'object')
    throw new AnnotationVersionError('An annotation document is an object');
  const v = (doc as { version?: unknown }).version;
  if (v === undefined) return 1;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    throw new AnnotationVersionError(`Bad annotation version ${String(v)}`);
  return v;
}
