// The trainer's JSON-lines protocol, typed: every stdout line is one of these events.
import { z } from 'zod';

const base = { time: z.number() };
const metrics = z.record(z.string(), z.number().nullable());

export const trainerEventSchema = z.discriminatedUnion('event', [
  // Sent when decoding starts (done = 0) and every second while a large dataset is decoded.
  z.object({ event: z.literal('decoding'), images: z.number(), done: z.number(), ...base }),
  z.object({
    event: z.literal('started'),
    task: z.string(),
    epochs: z.number(),
    trainImages: z.number(),
    valImages: z.number(),
    threads: z.number(),
    torch: z.string(),
    /** Values picked for 'auto' (0) params: inputSize, epochs. */
    auto: z.record(z.string(), z.number()).optional(),
    ...base,
  }),
  z.object({ event: z.literal('resumed'), epoch: z.number(), ...base }),
  z.object({
    event: z.literal('progress'),
    epoch: z.number(),
    epochs: z.number(),
    step: z.number(),
    steps: z.number(),
    loss: z.number().nullable(),
    imagesPerSecond: z.number(),
    etaSeconds: z.number(),
    percent: z.number(),
    ...base,
  }),
  z.object({
    event: z.literal('epoch'),
    epoch: z.number(),
    epochs: z.number(),
    trainLoss: z.number().nullable(),
    valLoss: z.number().nullable(),
    metrics,
    best: z.boolean(),
    seconds: z.number(),
    etaSeconds: z.number(),
    ...base,
  }),
  z.object({ event: z.literal('checkpoint'), path: z.string(), epoch: z.number(), ...base }),
  // Time budget: the planned epochs shrank to fit (seconds per epoch measured).
  z.object({
    event: z.literal('budget'),
    epochs: z.number(),
    secondsPerEpoch: z.number(),
    budget: z.number(),
    ...base,
  }),
  // Model health check after training (e.g. MODEL_DEGENERATE: the model learned nothing); also in the manifest.
  z.object({
    event: z.literal('warning'),
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    ...base,
  }),
  // `finished` carries command-specific fields (train: modelDir/metrics; group: assignments; bench: rates).
  z.looseObject({ event: z.literal('finished'), ...base }),
  z.object({
    event: z.literal('error'),
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    ...base,
  }),
]);
export type TrainerEvent = z.infer<typeof trainerEventSchema>;
export type TrainerEventOf<E extends TrainerEvent['event']> = Extract<TrainerEvent, { event: E }>;
