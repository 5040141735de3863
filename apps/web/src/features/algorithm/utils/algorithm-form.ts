// Algorithm form values ↔ API payload. NumberInput hands '' for an empty box; the payload turns it
// into NaN so the schema answers 'numbers only' instead of silently sending 0.
import type { Algorithm, AlgorithmAdminInput, AlgorithmRecord, ParamSet } from '@sightline/domain';

export interface ParamRow {
  key: string;
  name: { ko: string; en: string };
  description: { ko: string; en: string };
  default: number | string;
  min: number | string;
  max: number | string;
  integer: boolean;
  auto: boolean;
}

export interface AlgorithmFormValues {
  engineKey: string;
  name: { ko: string; en: string };
  description: { ko: string; en: string };
  kind: AlgorithmAdminInput['kind'] | '';
  workType: AlgorithmAdminInput['workType'] | '';
  scope: 'all' | 'projects';
  projects: { id: number; code: string; title: string }[];
  trainParams: ParamRow[];
  inferenceParams: ParamRow[];
  augmentationParams: ParamRow[];
}

export const PARAM_SET_KEYS: ParamSet[] = ['trainParams', 'inferenceParams', 'augmentationParams'];

const toRow = (p: Record<string, unknown>): ParamRow => ({
  key: String(p.key ?? ''),
  name: { ko: '', en: '', ...(p.name as object) },
  description: { ko: '', en: '', ...(p.description as object) },
  default: Number(p.default),
  min: Number(p.min),
  max: Number(p.max),
  integer: Boolean(p.integer),
  auto: Boolean(p.auto),
});

export const EMPTY_ALGORITHM: AlgorithmFormValues = {
  engineKey: '',
  name: { ko: '', en: '' },
  description: { ko: '', en: '' },
  kind: '',
  workType: '',
  scope: 'all',
  projects: [],
  trainParams: [],
  inferenceParams: [],
  augmentationParams: [],
};

export function fromRecord(a: AlgorithmRecord): AlgorithmFormValues {
  return {
    engineKey: a.engineKey,
    name: { ...a.name },
    description: { ...a.description },
    kind: a.kind,
    workType: a.workType,
    scope: a.scope,
    projects: a.projects,
    trainParams: a.trainParams.map(toRow),
    inferenceParams: a.inferenceParams.map(toRow),
    augmentationParams: a.augmentationParams.map(toRow),
  };
}

/** The engine's declaration as a starting point for a new registration. */
export function fromEngine(e: Algorithm): AlgorithmFormValues {
  return {
    ...EMPTY_ALGORITHM,
    engineKey: e.id,
    name: { ...e.name },
    description: { ...e.description },
    kind: e.kind,
    workType: e.task,
    trainParams: e.trainParams.map((p) => toRow(p as unknown as Record<string, unknown>)),
    inferenceParams: e.inferenceParams.map((p) => toRow(p as unknown as Record<string, unknown>)),
    augmentationParams: e.augmentationParams.map((p) => toRow(p as unknown as Record<string, unknown>)),
  };
}

const n = (v: number | string) => (v === '' || v === null ? Number.NaN : Number(v));

export function toPayload(v: AlgorithmFormValues) {
  const rows = (s: ParamRow[]) =>
    s.map((r) => ({ ...r, default: n(r.default), min: n(r.min), max: n(r.max) }));
  return {
    engineKey: v.engineKey,
    name: v.name,
    description: v.description,
    kind: v.kind || undefined,
    workType: v.workType || undefined,
    scope: v.scope,
    projectIds: v.scope === 'all' ? [] : v.projects.map((p) => p.id),
    trainParams: rows(v.trainParams),
    inferenceParams: rows(v.inferenceParams),
    augmentationParams: rows(v.augmentationParams),
  };
}
