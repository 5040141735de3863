// Class info / edit / merge / remove of a labeling work (SPEC §2 dialogs): the result's classes; edits
// are refused once the labeling is saved as final (changes then go through copy labeling).
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classColorAt, type Work } from '@sightline/domain';
import { handleApiError } from '../../../api/error-handler';
import { confirm } from '../../../components/confirm';
import { flash } from '../../../components/flash';
import { processingApi, useProcessingMutation, useWorkClasses, type WorkClass } from '../api/processing.api';

type Draft = { id?: number; name: string; color: string; is_ok: boolean };

export function ClassInfoDialog({ work, onClose }: { work: Work | null; onClose: () => void }) {
  const { t } = useTranslation('processing');
  const id = work?.id ?? 0;
  const classes = useWorkClasses(id, !!work).data ?? [];
  const [mode, setMode] = useState<'info' | 'edit' | 'merge'>('info');
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [mergeName, setMergeName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const locked = !!work?.final_saved;
  const run = useProcessingMutation((fn: () => Promise<WorkClass[]>) => fn());

  useEffect(() => {
    setMode('info');
    setError(null);
  }, [id]);

  const attempt = async (fn: () => Promise<WorkClass[]>) => {
    setError(null);
    try {
      await run.mutateAsync(fn);
      flash('success', t('classDialog.saved'));
      setMode('info');
    } catch (err) {
      if (err instanceof Error && 'code' in err) setError(err.message);
      else handleApiError(err);
    }
  };
  const remove = async (c: WorkClass) => {
    if (
      await confirm({
        title: t('classDialog.remove'),
        message: t('classDialog.removeConfirm', { name: c.name }),
        danger: true,
      })
    )
      await attempt(() => processingApi.removeClass(id, c.id));
  };

  return (
    <Modal
      opened={!!work}
      onClose={onClose}
      title={`${t('classDialog.title')} · ${work?.name ?? ''}`}
      size="lg"
      centered
    >
      <Stack gap="sm" data-testid="class-info-dialog">
        {locked && (
          <Alert color="yellow" variant="light" data-testid="class-info-locked">
            {t('classDialog.locked')}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" data-testid="class-info-error">
            {error}
          </Alert>
        )}
        {mode === 'edit' ? (
          <Stack gap="xs">
            {drafts.map((d, i) => (
              <Group key={i} gap="xs" wrap="nowrap">
                <TextInput
                  value={d.name}
                  onChange={(e) =>
                    setDrafts(drafts.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))
                  }
                  aria-label={t('classDialog.name')}
                  style={{ flex: 1 }}
                  data-testid="class-edit-name"
                />
                <ColorInput
                  value={d.color}
                  onChange={(color) => setDrafts(drafts.map((x, j) => (j === i ? { ...x, color } : x)))}
                  w={130}
                  aria-label={t('classDialog.color')}
                />
                <Checkbox
                  label={t('classDialog.ok')}
                  checked={d.is_ok}
                  onChange={(e) =>
                    setDrafts(drafts.map((x, j) => (j === i ? { ...x, is_ok: e.currentTarget.checked } : x)))
                  }
                  data-testid="class-edit-ok"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between">
              <Button
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setDrafts([...drafts, { name: '', color: classColorAt(drafts.length), is_ok: false }])
                }
                data-testid="class-edit-add"
              >
                {t('classDialog.addClass')}
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={() => setMode('info')}>
                  {t('form.cancel')}
                </Button>
                <Button
                  onClick={() => void attempt(() => processingApi.setClasses(id, drafts))}
                  data-testid="class-edit-save"
                >
                  {t('classDialog.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        ) : (
          <Table striped data-testid="class-info-table">
            <Table.Tbody>
              {classes.length === 0 && (
                <Table.Tr>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {t('classDialog.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {classes.map((c) => (
                <Table.Tr key={c.id} data-testid="class-info-row" data-name={c.name}>
                  {mode === 'merge' && (
                    <Table.Td w={40}>
                      <Checkbox
                        checked={picked.includes(c.id)}
                        onChange={(e) =>
                          setPicked(
                            e.currentTarget.checked ? [...picked, c.id] : picked.filter((x) => x !== c.id),
                          )
                        }
                        aria-label={c.name}
                      />
                    </Table.Td>
                  )}
                  <Table.Td w={24}>
                    <div style={{ width: 14, height: 14, borderRadius: 3, background: c.color }} />
                  </Table.Td>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.is_ok ? 'OK' : 'NG'}</Table.Td>
                  <Table.Td w={40}>
                    {mode === 'info' && !locked && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('classDialog.remove')}
                        onClick={() => void remove(c)}
                        data-testid="class-info-remove"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {mode === 'merge' && (
          <Group align="flex-end">
            <TextInput
              label={t('classDialog.mergeName')}
              value={mergeName}
              onChange={(e) => setMergeName(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="class-merge-name"
            />
            <Button variant="default" onClick={() => setMode('info')}>
              {t('form.cancel')}
            </Button>
            <Button
              onClick={() =>
                void attempt(() => processingApi.mergeClasses(id, { class_ids: picked, name: mergeName }))
              }
              data-testid="class-merge-submit"
            >
              {t('classDialog.mergeButton')}
            </Button>
          </Group>
        )}
        {mode === 'info' && !locked && (
          <Group justify="flex-end">
            <Button
              variant="light"
              onClick={() => {
                setPicked([]);
                setMergeName('');
                setMode('merge');
              }}
              data-testid="class-info-merge"
            >
              {t('classDialog.merge')}
            </Button>
            <Button
              onClick={() => {
                setDrafts(classes.map((c) => ({ id: c.id, name: c.name, color: c.color, is_ok: c.is_ok })));
                setMode('edit');
              }}
              data-testid="class-info-edit"
            >
              {t('classDialog.edit')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
