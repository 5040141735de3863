// Grid controls: the image filter (all / edited / unconfirmed), the column count (1 to 20) and page selection.
import { Checkbox, Group, SegmentedControl, Slider, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGE_FILTERS, IMAGE_GRID_COLUMNS, type ImageFilter } from '@sightline/domain';

interface Props {
  filter: ImageFilter;
  onFilter: (f: ImageFilter) => void;
  columns: number;
  onColumns: (n: number) => void;
  total: number;
  pageSelected: 'all' | 'some' | 'none';
  onSelectPage: (select: boolean) => void;
}

export function ImageToolbar({
  filter,
  onFilter,
  columns,
  onColumns,
  total,
  pageSelected,
  onSelectPage,
}: Props) {
  const { t } = useTranslation('dataset');
  return (
    // Texts never wrap (English labels are longer than Korean ones); the column slider gives way first.
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(v) => onFilter(v as ImageFilter)}
          data={IMAGE_FILTERS.map((f) => ({ value: f, label: t(`grid.filter.${f}`) }))}
          data-testid="image-filter"
        />
        <Checkbox
          size="xs"
          styles={{ label: { whiteSpace: 'nowrap' } }}
          label={t('grid.selectPage')}
          checked={pageSelected === 'all'}
          indeterminate={pageSelected === 'some'}
          onChange={(e) => onSelectPage(e.currentTarget.checked)}
          data-testid="select-page"
        />
        <Text size="xs" c="dimmed" data-testid="image-total" style={{ whiteSpace: 'nowrap' }}>
          {t('grid.total', { count: total })}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" miw={150} maw={260} style={{ flex: 1 }}>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('grid.columns')}
        </Text>
        <Slider
          flex={1}
          size="sm"
          min={IMAGE_GRID_COLUMNS.min}
          max={IMAGE_GRID_COLUMNS.max}
          step={1}
          value={columns}
          onChange={onColumns}
          label={(v) => v}
          aria-label={t('grid.columns')}
          data-testid="grid-columns"
        />
        <Text size="xs" w={18} ta="right">
          {columns}
        </Text>
      </Group>
    </Group>
  );
}
