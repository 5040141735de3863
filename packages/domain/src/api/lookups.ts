// The common lookup lists of SPEC §3/§7 (/api/common/*). Their contents are not shown in the spec;
// these are designed from the task types, processing kinds, usage purposes and permissions it names.
import { z } from 'zod';
import type { Locale } from '../constants';

interface Named {
  ko: string;
  en: string;
}
export interface CodeLookup {
  code: string;
  name: Named;
}

export const LABELING_TYPES: CodeLookup[] = [
  { code: 'cf', name: { ko: '분류', en: 'Classification' } },
  { code: 'od', name: { ko: '객체 탐지', en: 'Object detection' } },
  { code: 'sg', name: { ko: '영역 분할', en: 'Segmentation' } },
  { code: 'target-region', name: { ko: '관심 영역', en: 'Target region' } },
];

export const WORK_TYPES: CodeLookup[] = [
  { code: 'cf', name: { ko: '분류', en: 'Classification' } },
  { code: 'od', name: { ko: '객체 탐지', en: 'Object detection' } },
  { code: 'sg', name: { ko: '영역 분할', en: 'Segmentation' } },
  { code: 'ad', name: { ko: '이상 탐지', en: 'Anomaly detection' } },
];

export const PROCESS_TYPES: CodeLookup[] = [
  { code: 'new', name: { ko: '신규 라벨링', en: 'New labeling' } },
  { code: 'merge', name: { ko: '병합', en: 'Merge' } },
  { code: 'copy', name: { ko: '복사', en: 'Copy' } },
  { code: 'class-merge', name: { ko: '클래스 병합', en: 'Class merge' } },
  { code: 'class-remove', name: { ko: '클래스 삭제', en: 'Class remove' } },
  { code: 'ai-supervised', name: { ko: 'AI 라벨링(지도)', en: 'AI labeling (supervised)' } },
  { code: 'ai-unsupervised', name: { ko: 'AI 라벨링(비지도)', en: 'AI labeling (unsupervised)' } },
  { code: 'augmentation', name: { ko: '데이터 증강', en: 'Data augmentation' } },
  { code: 'external', name: { ko: '외부 라벨링 업로드', en: 'External labeling upload' } },
];

export const USAGE_TYPES: CodeLookup[] = [
  { code: 'train', name: { ko: '학습', en: 'Training' } },
  { code: 'validation', name: { ko: '검증', en: 'Validation' } },
  { code: 'test', name: { ko: '테스트', en: 'Test' } },
];

export const PERMISSION_LOOKUP: { id: number; name: Named }[] = [
  { id: 1, name: { ko: '학습', en: 'Training' } },
  { id: 2, name: { ko: '모니터링', en: 'Monitoring' } },
];

export const COMMON_LOOKUPS = {
  labeling_type_list: LABELING_TYPES,
  work_type_list: WORK_TYPES,
  process_type_list: PROCESS_TYPES,
  usage_type_list: USAGE_TYPES,
} as const;
export type CommonLookupName = keyof typeof COMMON_LOOKUPS | 'permission';

export const lookupItemSchema = z.object({
  id: z.number().int().optional(),
  code: z.string().optional(),
  name: z.string(),
});
export type LookupItem = z.infer<typeof lookupItemSchema>;

/** A lookup list with names in the caller's locale. */
export function localizedLookup(name: CommonLookupName, locale: Locale): LookupItem[] {
  if (name === 'permission') return PERMISSION_LOOKUP.map((p) => ({ id: p.id, name: p.name[locale] }));
  return COMMON_LOOKUPS[name].map((p) => ({ code: p.code, name: p.name[locale] }));
}
