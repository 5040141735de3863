// Folders of a dataset with image counts; clicking one filters the grid, the pencil renames it.
import { ActionIcon, Group, NavLink, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconFolder, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DatasetFolder } from '@sightline/domain';

interface Props {
  folders: readonly DatasetFolder[];
  imageCount: number;
  selected: number | undefined;
  onSelect: (folderId: number | undefined) => void;
  onRename: (folder: DatasetFolder) => void;
}

export function FolderPanel({ folders, imageCount, selected, onSelect, onRename }: Props) {
  const { t } = useTranslation('dataset');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="folder-panel">
      <Text fw={700} size="sm" mb="xs">
        {t('folders.title')}
      </Text>
      <Stack gap={0} mah={260} style={{ overflowY: 'auto' }}>
        <NavLink
          active={selected === undefined}
          onClick={() => onSelect(undefined)}
          py={4}
          label={<Text size="sm">{t('folders.all')}</Text>}
          rightSection={
            <Text size="xs" c="dimmed" mr={30}>
              {imageCount}
            </Text>
          }
        />
        {folders.map((f) => (
          <NavLink
            key={f.id}
            active={selected === f.id}
            onClick={() => onSelect(f.id)}
            py={4}
            data-testid="folder-row"
            data-folder-name={f.name}
            leftSection={<IconFolder size={14} />}
            label={
              <Text size="sm" truncate maw={150}>
                {f.name}
              </Text>
            }
            rightSection={
              <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                <Text size="xs" c="dimmed">
                  {f.image_count}
                </Text>
                <Tooltip label={t('folders.rename')}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    onClick={() => onRename(f)}
                    aria-label={t('folders.rename')}
                    data-testid="folder-rename"
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            }
          />
        ))}
        {folders.length === 0 && (
          <Text size="xs" c="dimmed" py="xs">
            {t('folders.empty')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
