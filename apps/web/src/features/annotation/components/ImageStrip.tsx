// The workspace image list: filter (all / edited / unconfirmed), 1–4 rows, fold, paging, and a
// selection that is single in od/sg and multiple in cf (Shift: range, Ctrl: toggle).
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Image,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { IMAGE_FILTERS, type DatasetClass, type DatasetImage, type ImageFilter } from '@sightline/domain';
import { useTranslation } from 'react-i18next';

export interface ImageStripProps {
  images: DatasetImage[];
  classes: DatasetClass[];
  currentId: string | null;
  selected: ReadonlySet<string>;
  onPick(id: string, mods: { shift: boolean; ctrl: boolean }): void;
  filter: ImageFilter;
  onFilter(f: ImageFilter): void;
  rows: number;
  onRows(r: number): void;
  folded: boolean;
  onFold(f: boolean): void;
  page: number;
  pages: number;
  onPage(p: number): void;
  columns: number;
  /** Class label shown on each image (cf: the local label, else the image's class). */
  labelOf?(img: DatasetImage): number | null;
}

export function ImageStrip(p: ImageStripProps) {
  const { t } = useTranslation('annotation');
  const classOf = new Map(p.classes.map((c) => [c.id, c]));
  return (
    <Paper withBorder radius="md" p={8} data-testid="image-strip">
      <Group justify="space-between" gap={8} wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Text fw={700} size="sm">
            {t('images')}
          </Text>
          <SegmentedControl
            size="xs"
            value={p.filter}
            onChange={(v) => p.onFilter(v as ImageFilter)}
            data={IMAGE_FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
            data-testid="image-filter"
          />
          <Text size="xs" c="dimmed">
            {t('rows')}
          </Text>
          <SegmentedControl
            size="xs"
            value={String(p.rows)}
            onChange={(v) => p.onRows(Number(v))}
            data={['1', '2', '3', '4']}
            data-testid="image-rows"
          />
          {p.selected.size > 1 && <Badge variant="light">{t('selected', { count: p.selected.size })}</Badge>}
        </Group>
        <Group gap={8} wrap="nowrap">
          <Pagination size="xs" total={Math.max(1, p.pages)} value={p.page} onChange={p.onPage} />
          <Tooltip label={p.folded ? t('unfold') : t('fold')}>
            <ActionIcon
              variant="subtle"
              onClick={() => p.onFold(!p.folded)}
              aria-label={p.folded ? t('unfold') : t('fold')}
              data-testid="image-fold"
            >
              {p.folded ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {!p.folded && (
        <Box mt={8} style={{ maxHeight: p.rows * 92, overflowY: 'auto' }}>
          {p.images.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noImages')}
            </Text>
          ) : (
            <SimpleGrid cols={p.columns} spacing={6} verticalSpacing={6}>
              {p.images.map((img) => {
                const label = p.labelOf ? p.labelOf(img) : img.class_id;
                const cls = label != null ? classOf.get(label) : undefined;
                const current = img.id === p.currentId;
                const sel = p.selected.has(img.id);
                return (
                  <Box
                    key={img.id}
                    onClick={(e) => p.onPick(img.id, { shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey })}
                    data-testid="strip-image"
                    data-image-id={img.id}
                    data-selected={sel || undefined}
                    data-current={current || undefined}
                    style={{
                      position: 'relative',
                      cursor: 'pointer',
                      height: 86,
                      borderRadius: 6,
                      overflow: 'hidden',
                      outline: current
                        ? '3px solid var(--mantine-color-blue-6)'
                        : sel
                          ? '3px solid var(--mantine-color-cyan-4)'
                          : '1px solid var(--mantine-color-gray-3)',
                      outlineOffset: -2,
                    }}
                  >
                    <Image src={img.thumb_url} alt={img.file_name} h={86} fit="cover" />
                    {cls && (
                      <Badge
                        size="xs"
                        color={cls.color}
                        variant="filled"
                        style={{ position: 'absolute', left: 4, bottom: 4 }}
                        data-testid="strip-label"
                      >
                        {cls.name}
                      </Badge>
                    )}
                    {img.edited && (
                      <Box
                        style={{
                          position: 'absolute',
                          right: 4,
                          top: 4,
                          width: 8,
                          height: 8,
                          borderRadius: 4,
                          background: 'var(--mantine-color-orange-5)',
                        }}
                      />
                    )}
                  </Box>
                );
              })}
            </SimpleGrid>
          )}
        </Box>
      )}
    </Paper>
  );
}
