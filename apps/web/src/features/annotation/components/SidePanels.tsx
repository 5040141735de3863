// The workspace info area (325 px): class info with shortcut keys and the data list of the image's objects.
import { ActionIcon, Badge, Box, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { DatasetClass } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import type { AnnotationCanvas } from '../canvas/canvas';
import { useEditorState } from '../hooks/useEditorState';
import { CLASS_KEYS } from '../utils/shortcuts';

export function ClassInfo({
  classes,
  current,
  onPick,
  counts,
}: {
  classes: DatasetClass[];
  current: string;
  onPick(id: string): void;
  counts?: Map<string, number>;
}) {
  const { t } = useTranslation('annotation');
  return (
    <Paper withBorder radius="md" p={10} data-testid="class-info">
      <Text fw={700} size="sm" mb={6}>
        {t('classInfo')}
      </Text>
      <Stack gap={4}>
        {classes.map((c, i) => {
          const active = String(c.id) === current;
          return (
            <UnstyledButton
              key={c.id}
              onClick={() => onPick(String(c.id))}
              data-testid="class-item"
              data-active={active || undefined}
              style={{
                borderRadius: 6,
                padding: '4px 6px',
                background: active ? 'var(--mantine-color-blue-0)' : undefined,
              }}
            >
              <Group gap={8} wrap="nowrap">
                <Box w={12} h={12} style={{ borderRadius: 3, background: c.color, flex: 'none' }} />
                <Text size="sm" style={{ flex: 1 }} truncate>
                  {c.name}
                </Text>
                {counts && (
                  <Text size="xs" c="dimmed">
                    {counts.get(String(c.id)) ?? 0}
                  </Text>
                )}
                {CLASS_KEYS[i] && (
                  <Badge size="xs" variant="outline" color="gray">
                    {CLASS_KEYS[i]}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
    </Paper>
  );
}

export function DataList({ canvas, classes }: { canvas: AnnotationCanvas | null; classes: DatasetClass[] }) {
  const { t } = useTranslation('annotation');
  const shapes = useEditorState(canvas, (s) => s.shapes);
  const selected = useEditorState(canvas, (s) => s.selectedId);
  const readOnly = useEditorState(canvas, (s) => s.readOnly);
  const byId = new Map(classes.map((c) => [String(c.id), c]));
  return (
    <Paper withBorder radius="md" p={10} data-testid="data-list">
      <Group justify="space-between" mb={6}>
        <Text fw={700} size="sm">
          {t('dataList')}
        </Text>
        <Badge variant="light" data-testid="object-count">
          {shapes.length}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={360}>
        {shapes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noObjects')}
          </Text>
        ) : (
          <Stack gap={2}>
            {shapes.slice(0, 500).map((s, i) => {
              const cls = byId.get(s.classId);
              return (
                <Group
                  key={s.id}
                  gap={6}
                  wrap="nowrap"
                  onClick={() => canvas?.select(s.id)}
                  data-testid="data-item"
                  data-type={s.type}
                  style={{
                    cursor: 'pointer',
                    borderRadius: 4,
                    padding: '2px 4px',
                    background: s.id === selected ? 'var(--mantine-color-blue-0)' : undefined,
                  }}
                >
                  <Box
                    w={10}
                    h={10}
                    style={{
                      borderRadius: 2,
                      background: s.type === 'region' ? '#00e5ff' : (cls?.color ?? '#adb5bd'),
                    }}
                  />
                  <Text size="xs" style={{ flex: 1 }} truncate>
                    {i + 1}. {s.type === 'mask' ? t('maskShape') : t(`tools.${s.type}`)}
                    {s.type === 'region' ? '' : ` · ${cls?.name ?? t('unclassified')}`}
                  </Text>
                  {!readOnly && (
                    <ActionIcon
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('actions.delete')}
                      onClick={(e) => {
                        e.stopPropagation();
                        canvas?.select(s.id);
                        canvas?.deleteSelected();
                      }}
                    >
                      <IconTrash size={12} />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Paper>
  );
}
