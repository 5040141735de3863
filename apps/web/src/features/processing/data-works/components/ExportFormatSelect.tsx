// The label format of a dataset download: od as YOLO, Pascal VOC or COCO, sg as mask PNGs; the plain
// layout (images only, cf class folders) when none is chosen.
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LABEL_TYPE_NAMES, exportFormatsFor, type ExportFormat } from '@sightline/domain';

export function ExportFormatSelect({
  type,
  value,
  onChange,
}: {
  type: string;
  value: ExportFormat | null;
  onChange: (v: ExportFormat | null) => void;
}) {
  const { t } = useTranslation('processing-data');
  const formats = exportFormatsFor(type);
  if (!formats.length) return null;
  return (
    <Select
      w={190}
      placeholder={t('export.plain')}
      clearable
      data={formats.map((f) => ({
        value: f,
        label: f === 'masks' ? t('export.masks') : LABEL_TYPE_NAMES[f],
      }))}
      value={value}
      onChange={(v) => onChange((v as ExportFormat | null) ?? null)}
      aria-label={t('export.label')}
      data-testid="export-format"
    />
  );
}
