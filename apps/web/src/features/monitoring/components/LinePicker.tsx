// The line selector inside monitoring pages (SPEC §2 /monitoring: line status with a line selector).
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectLine } from '../../../session/types';
import { lineLabel } from '../hooks/useMonitoringLine';

interface Props {
  lines: ProjectLine[];
  line: ProjectLine | null;
  onChange: (l: ProjectLine) => void;
}

export function LinePicker({ lines, line, onChange }: Props) {
  const { t } = useTranslation('monitoring');
  return (
    <Select
      w={220}
      size="sm"
      aria-label={t('selectLine')}
      placeholder={t('selectLine')}
      data-testid="monitoring-line"
      value={line ? String(line.id) : null}
      data={lines.map((l) => ({ value: String(l.id), label: lineLabel(l) }))}
      allowDeselect={false}
      onChange={(v) => {
        const l = lines.find((x) => String(x.id) === v);
        if (l) onChange(l);
      }}
    />
  );
}
