// The model artifact: DIR/manifest.json (this schema), DIR/model.pt (PyTorch checkpoint for
// relearning), DIR/model.onnx (inference and download) and DIR/parity.json (reference outputs).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { VisionError } from '../errors';

const num = z.number().nullable();

export const historyEntrySchema = z.object({
  run: z.number(),
  epoch: z.number(),
  trainLoss: num,
  valLoss: num,
  metrics: z.record(z.string(), num),
  seconds: z.number(),
  imagesPerSecond: z.number().optional(),
});

export const inputSpecSchema = z.object({
  size: z.number().int().positive(),
  channels: z.union([z.literal(1), z.literal(3)]),
  mean: z.array(z.number()),
  std: z.array(z.number()),
  resize: z.string(),
  colour: z.enum(['rgb', 'bt601-luma']),
  regions: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])).nullable(),
  /** resize 'tile': the image scaled by `scale` (aspect kept), padded with grey `pad`, cut into size x size tiles overlapping by `overlap`. */
  scale: z.number().positive().optional(),
  overlap: z.number().int().nonnegative().optional(),
  pad: z.number().optional(),
  /**
   * od tile mode: further inference scales, as factors of `scale`. Each is tiled and stitched like the main
   * scale, and the views' detections are fused (tiles.ts fuseScaleViews). Absent: the main scale only.
   */
  scaleViews: z.array(z.number().positive()).optional(),
});
export type InputSpec = z.infer<typeof inputSpecSchema>;

export const manifestSchema = z.object({
  format: z.literal('sightline-model'),
  version: z.literal(1),
  task: z.enum(['cf', 'od', 'sg', 'ad']),
  algorithm: z.string().nullable().optional(),
  createdAt: z.string(),
  classes: z.array(z.object({ index: z.number(), name: z.string(), ok: z.boolean() })),
  input: inputSpecSchema,
  arch: z.record(z.string(), z.unknown()),
  params: z.record(z.string(), z.number()),
  outputs: z.array(z.string()),
  history: z.array(historyEntrySchema),
  metrics: z.record(z.string(), num),
  stoppedEarly: z.boolean(),
  files: z.object({ onnx: z.string(), checkpoint: z.string(), parity: z.string() }),
  trainer: z.looseObject({ version: z.string(), torch: z.string(), seconds: z.number() }),
  /** ad: thresholds chosen on validation data. */
  threshold: z.number().optional(),
  /** Model health check: e.g. MODEL_DEGENERATE when the validation metric shows the model learned nothing. */
  warnings: z
    .array(z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }))
    .optional(),
  /** od: output stride of the heatmap. */
  stride: z.number().optional(),
});
export type ModelManifest = z.infer<typeof manifestSchema>;

export async function readManifest(modelDir: string): Promise<ModelManifest> {
  let raw: string;
  try {
    raw = await readFile(join(modelDir, 'manifest.json'), 'utf8');
  } catch {
    throw new VisionError('MODEL_NOT_FOUND', `No model manifest in ${modelDir}`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success)
    throw new VisionError('MODEL_INVALID', `Invalid model manifest in ${modelDir}: ${parsed.error.message}`);
  return parsed.data;
}
