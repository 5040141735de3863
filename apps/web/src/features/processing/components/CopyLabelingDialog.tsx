// Copy labeling (SPEC §2, §4): datasets copied in order into a new folder; files an earlier dataset
// already brought are conflicts, resolved per dataset by overwrite or skip (or all overwrite / all skip).
import { Alert, Button, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, resolveCopyConflicts, type CopyResolution } from '@sightline/domain';
import { currentLocale } from '../../../i18n';
import { processingApi, useProjectDatasets, type CopyConflict } from '../api/processing.api';
import { WorkDialog } from './WorkDialog';

export function CopyLabelingDialog({
  opened,
  onClose,
  initial = [],
}: {
  opened: boolean;
  onClose: () => void;
  initial?: number[];
}) {
  const { t } = useTranslation('processing');
  const datasets = useProjectDatasets().data ?? [];
  const [ids, setIds] = useState<string[]>([]);
  const [conflicts, setConflicts] = useState<CopyConflict[]>([]);
  const [choice, setChoice] = useState<Record<string, CopyResolution>>({});
  const key = initial.join(',');
  useEffect(() => {
    if (opened) setIds(key ? key.split(',') : []);
  }, [opened, key]);
  useEffect(() => {
    let live = true;
    if (ids.length < 2) setConflicts([]);
    else
      void processingApi
        .copyConflicts(ids.map(Number))
        .then((c) => live && setConflicts(c.filter((x) => x.conflicts > 0)))
        .catch(() => live && setConflicts([]));
    return () => {
      live = false;
    };
  }, [ids]);
  const setAll = (r: CopyResolution) =>
    setChoice(Object.fromEntries(conflicts.map((c) => [String(c.dataset_id), r])));

  return (
    <WorkDialog
      opened={opened}
      onClose={() => {
        setChoice({});
        onClose();
      }}
      title={t('copy.title')}
      help={t('copy.help')}
      testId="copy-dialog"
      fields={['dataset_ids', 'conflicts']}
      body={() => {
        if (!ids.length)
          return { errors: { dataset_ids: errorMessage('DATASET_REQUIRED', currentLocale()) } };
        const r = resolveCopyConflicts(
          conflicts.map((c) => c.dataset_id),
          choice,
        );
        if (r.issue) return { errors: { conflicts: errorMessage(r.issue.code, currentLocale()) } };
        return { kind: 'copy', dataset_ids: ids.map(Number), conflicts: choice };
      }}
    >
      {(errors) => (
        <Stack gap="sm">
          <MultiSelect
            label={t('form.datasets')}
            placeholder={t('form.datasetPlaceholder')}
            data={datasets.map((d) => ({
              value: String(d.id),
              label: `${d.name} (${t(`tasks.${d.type}`)})`,
            }))}
            value={ids}
            onChange={setIds}
            error={errors.dataset_ids}
            searchable
            withAsterisk
            data-testid="copy-datasets"
          />
          {ids.length > 1 && conflicts.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('copy.noConflicts')}
            </Text>
          )}
          {conflicts.length > 0 && (
            <Stack gap="xs" data-testid="copy-conflicts">
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setAll('overwrite')}
                  data-testid="copy-all-overwrite"
                >
                  {t('copy.allOverwrite')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="gray"
                  onClick={() => setAll('skip')}
                  data-testid="copy-all-skip"
                >
                  {t('copy.allSkip')}
                </Button>
              </Group>
              {conflicts.map((c) => (
                <Group
                  key={c.dataset_id}
                  justify="space-between"
                  wrap="nowrap"
                  data-testid="copy-conflict-row"
                >
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {c.dataset_name}
                    </Text>
                    <Text size="xs" c="dimmed" title={c.sample.join(', ')}>
                      {t('copy.conflicts', { count: c.conflicts })} · {c.sample.slice(0, 3).join(', ')}
                    </Text>
                  </Stack>
                  <SegmentedControl
                    size="xs"
                    value={choice[String(c.dataset_id)] ?? ''}
                    onChange={(v) => setChoice({ ...choice, [String(c.dataset_id)]: v as CopyResolution })}
                    data={[
                      { value: 'overwrite', label: t('copy.overwrite') },
                      { value: 'skip', label: t('copy.skip') },
                    ]}
                    data-testid={`copy-resolution-${c.dataset_name}`}
                  />
                </Group>
              ))}
              {errors.conflicts && conflicts.some((c) => !choice[String(c.dataset_id)]) && (
                <Alert color="red" variant="light" p="xs">
                  {errors.conflicts}
                </Alert>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </WorkDialog>
  );
}
