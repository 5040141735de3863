// The class edit dialog over the whole set (SPEC §2, §5): names, colours, OK flags and order edited
// together and saved at once, under the full rules: 2 to 34 classes, at least one OK and one NG class,
// no duplicate names. Classes left out are removed (their images go to Unclassified).
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLASS_COLORS, CLASS_MAX, classColorAt, classSetErrors, type DatasetClass } from '@sightline/domain';
import { flash } from '../../../components/flash';
import { handleApiError } from '../../../api/error-handler';
import { useReplaceClasses } from '../api/dataset-mutations.api';
import { codeMessage } from '../utils/code-message';

interface Row {
  key: string;
  id?: number;
  name: string;
  color: string;
  is_ok: boolean;
}

interface Props {
  datasetId: number;
  classes: readonly DatasetClass[];
  opened: boolean;
  onClose: () => void;
}

const toRows = (classes: readonly DatasetClass[]): Row[] =>
  [...classes]
    .sort((a, b) => a.order - b.order)
    .map((c) => ({ key: `c${c.id}`, id: c.id, name: c.name, color: c.color, is_ok: c.is_ok }));

export function ClassSetModal({ datasetId, classes, opened, onClose }: Props) {
  const { t } = useTranslation('dataset');
  const save = useReplaceClasses(datasetId);
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    setRows(toRows(classes));
    setErrors([]);
    // Only a fresh opening resets the draft; refetches while editing must not wipe it.
  }, [opened]);

  const patch = (key: string, p: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const move = (i: number, d: -1 | 1) =>
    setRows((rs) => {
      const next = [...rs];
      [next[i], next[i + d]] = [next[i + d]!, next[i]!];
      return next;
    });
  const add = () =>
    setRows((rs) => [
      ...rs,
      { key: `n${Date.now()}${rs.length}`, name: '', color: classColorAt(rs.length), is_ok: false },
    ]);

  const submit = async () => {
    const drafts = rows.map((r) => ({ ...r, name: r.name.trim() }));
    const problems = classSetErrors(drafts.map((d) => ({ name: d.name, isOk: d.is_ok })));
    setErrors(problems);
    if (problems.length) return;
    try {
      await save.mutateAsync(
        drafts.map(({ id, name, color, is_ok }) => ({ id, name, color: color.toLowerCase(), is_ok })),
      );
      flash('success', t('classes.saved'));
      onClose();
    } catch (err) {
      handleApiError(err);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={720}
      title={<Text fw={700}>{t('classes.setTitle')}</Text>}
      data-testid="class-set-modal"
    >
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {t('classes.rules')} {t('classes.setRemoveNote')}
        </Text>
        <ScrollArea.Autosize mah={380}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('classes.order')}</Table.Th>
                <Table.Th>{t('classes.name')}</Table.Th>
                <Table.Th w={150}>{t('classes.color')}</Table.Th>
                <Table.Th w={70}>{t('classes.ok')}</Table.Th>
                <Table.Th w={100} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={r.key} data-testid="class-set-row">
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      value={r.name}
                      onChange={(e) => patch(r.key, { name: e.currentTarget.value })}
                      aria-label={t('classes.name')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ColorInput
                      size="xs"
                      format="hex"
                      swatches={[...CLASS_COLORS]}
                      value={r.color}
                      onChange={(color) => patch(r.key, { color })}
                      aria-label={t('classes.color')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={r.is_ok}
                      onChange={(e) => patch(r.key, { is_ok: e.currentTarget.checked })}
                      aria-label={t('classes.okFlag')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={t('classes.up')}
                      >
                        <IconArrowUp size={14} />
                      </ActionIcon>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={t('classes.down')}
                      >
                        <IconArrowDown size={14} />
                      </ActionIcon>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                        aria-label={t('classes.remove')}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={rows.length >= CLASS_MAX}
          w="fit-content"
        >
          {t('classes.add')}
        </Button>
        {errors.length > 0 && (
          <Alert color="red" variant="light" p="xs" data-testid="class-set-errors">
            {errors.map((e) => (
              <Text key={e} size="sm">
                {codeMessage(e)}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('upload.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="class-set-save">
            {t('classes.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
