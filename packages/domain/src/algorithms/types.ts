// Shape of an algorithm declaration: the admin registry, the web forms, the worker and the vision
// engine all read parameters from these declarations so that defaults and ranges live in one place.
import { z } from 'zod';

export const VISION_TASKS = ['cf', 'od', 'sg', 'ad'] as const;
export type VisionTask = (typeof VISION_TASKS)[number];
export const ALGORITHM_KINDS = ['training', 'ai_labeling', 'augmentation'] as const;
export type AlgorithmKind = (typeof ALGORITHM_KINDS)[number];

const text = z.object({ ko: z.string().min(1), en: z.string().min(1) });
export type LocalizedText = z.infer<typeof text>;

/** One tunable parameter; `integer` params only take whole numbers. A default must lie in min..max, or be 0
 *  when `auto` is set: 0 then means "the engine picks the value from the data" (input size, epochs). */
export const algorithmParamSchema = z
  .object({
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
    name: text,
    description: text,
    default: z.number(),
    min: z.number(),
    max: z.number(),
    integer: z.boolean().default(false),
    auto: z.boolean().optional(),
  })
  .refine((p) => p.min <= p.max, { message: 'min must not exceed max', path: ['min'] })
  .refine((p) => (p.auto && p.default === 0) || (p.default >= p.min && p.default <= p.max), {
    message: 'default must lie in min..max (or be 0 = auto)',
    path: ['default'],
  })
  .refine(
    (p) => !p.integer || (Number.isInteger(p.default) && Number.isInteger(p.min) && Number.isInteger(p.max)),
    {
      message: 'integer parameter needs whole default, min and max',
      path: ['default'],
    },
  );
export type AlgorithmParam = z.infer<typeof algorithmParamSchema>;
export type AlgorithmParamInput = z.input<typeof algorithmParamSchema>;

export const PARAM_SETS = ['trainParams', 'inferenceParams', 'augmentationParams'] as const;
export type ParamSet = (typeof PARAM_SETS)[number];

export const algorithmSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    task: z.enum(VISION_TASKS),
    kind: z.enum(ALGORITHM_KINDS),
    name: text,
    description: text,
    trainParams: z.array(algorithmParamSchema),
    inferenceParams: z.array(algorithmParamSchema),
    augmentationParams: z.array(algorithmParamSchema),
  })
  .refine((a) => PARAM_SETS.every((s) => new Set(a[s].map((p) => p.key)).size === a[s].length), {
    message: 'parameter keys must be unique within a set',
  });
export type Algorithm = z.infer<typeof algorithmSchema>;
export type AlgorithmInput = z.input<typeof algorithmSchema>;
