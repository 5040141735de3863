// Class info of a dataset: colour, name, OK/NG, order and image count, with add, edit, merge and remove.
// Clicking a class filters the image grid by it.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorSwatch,
  Group,
  NavLink,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowMerge, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLASS_MAX, MERGE_MIN, type DatasetClass } from '@sightline/domain';
import { confirm } from '../../../components/confirm';
import { flash } from '../../../components/flash';
import { handleApiError } from '../../../api/error-handler';
import { useRemoveClass } from '../api/dataset-mutations.api';
import { codeMessage } from '../utils/code-message';

interface Props {
  datasetId: number;
  classes: readonly DatasetClass[];
  unclassifiedCount: number;
  problems: readonly string[];
  selected: number | 'none' | undefined;
  onSelect: (classId: number | 'none' | undefined) => void;
  onAdd: () => void;
  onEdit: (c: DatasetClass) => void;
  onMerge: () => void;
  onEditAll: () => void;
}

export function ClassPanel({
  datasetId,
  classes,
  unclassifiedCount,
  problems,
  selected,
  onSelect,
  onAdd,
  onEdit,
  onMerge,
  onEditAll,
}: Props) {
  const { t } = useTranslation('dataset');
  const remove = useRemoveClass(datasetId);
  const sorted = [...classes].sort((a, b) => a.order - b.order);

  const onRemove = async (c: DatasetClass) => {
    const ok = await confirm({
      title: t('classes.removeTitle'),
      message: t('classes.removeConfirm', { name: c.name }),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(c.id);
      if (selected === c.id) onSelect(undefined);
      flash('success', t('classes.removed'));
    } catch (err) {
      handleApiError(err);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="class-panel">
      <Group justify="space-between" mb="xs">
        <Group gap={6}>
          <Text fw={700} size="sm">
            {t('classes.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('classes.count', { count: classes.length, max: CLASS_MAX })}
          </Text>
        </Group>
        <Group gap={4}>
          <Tooltip label={t('classes.setTitle')}>
            <ActionIcon
              variant="default"
              onClick={onEditAll}
              aria-label={t('classes.setTitle')}
              data-testid="class-edit-all"
            >
              <IconListDetails size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('classes.merge')}>
            <ActionIcon
              variant="default"
              onClick={onMerge}
              disabled={classes.length < MERGE_MIN}
              aria-label={t('classes.merge')}
              data-testid="class-merge"
            >
              <IconArrowMerge size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('classes.add')}>
            <ActionIcon
              variant="default"
              onClick={onAdd}
              disabled={classes.length >= CLASS_MAX}
              aria-label={t('classes.add')}
              data-testid="class-add"
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {problems.length > 0 && (
        <Alert color="orange" variant="light" p={6} mb="xs" data-testid="class-problems">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p} size="xs">
                {codeMessage(p)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack gap={0} mah={300} style={{ overflowY: 'auto' }}>
        {sorted.length === 0 && (
          <Text size="xs" c="dimmed" py="xs">
            {t('classes.empty')}
          </Text>
        )}
        {sorted.map((c) => (
          <NavLink
            key={c.id}
            active={selected === c.id}
            onClick={() => onSelect(selected === c.id ? undefined : c.id)}
            data-testid="class-row"
            data-class-name={c.name}
            py={4}
            label={
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={c.color} size={12} />
                <Text size="sm" truncate maw={110}>
                  {c.name}
                </Text>
                <Badge size="xs" variant="light" color={c.is_ok ? 'teal' : 'red'}>
                  {c.is_ok ? t('classes.ok') : t('classes.ng')}
                </Badge>
              </Group>
            }
            rightSection={
              <Group gap={2} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                <Text size="xs" c="dimmed" mr={4}>
                  {c.image_count}
                </Text>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  onClick={() => onEdit(c)}
                  aria-label={t('classes.edit')}
                >
                  <IconPencil size={14} />
                </ActionIcon>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  onClick={() => void onRemove(c)}
                  aria-label={t('classes.remove')}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            }
          />
        ))}
        {(unclassifiedCount > 0 || classes.length > 0) && (
          <NavLink
            data-testid="class-unclassified"
            active={selected === 'none'}
            onClick={() => onSelect(selected === 'none' ? undefined : 'none')}
            py={4}
            label={
              <Text size="sm" c="dimmed">
                {t('classes.unclassified')}
              </Text>
            }
            rightSection={
              <Text size="xs" c="dimmed" mr={56}>
                {unclassifiedCount}
              </Text>
            }
          />
        )}
      </Stack>
      <Button
        variant="subtle"
        size="xs"
        fullWidth
        mt={4}
        leftSection={<IconPlus size={14} />}
        onClick={onAdd}
        disabled={classes.length >= CLASS_MAX}
      >
        {t('classes.add')}
      </Button>
    </Paper>
  );
}
