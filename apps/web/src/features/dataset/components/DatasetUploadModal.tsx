// Dataset upload dialog (SPEC §5): many images or one zip (its folders kept), into a new or an existing
// dataset; name, type and file required; remaining upload count shown before sending; progress bar.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconFileZip, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DATASET_PURPOSES,
  DATASET_TYPES,
  DatasetErrorCode,
  TRIAL_UPLOAD_MAX_IMAGES,
} from '@sightline/domain';
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';
import { flash } from '../../../components/flash';
import {
  useDataset,
  useDatasetOptions,
  useUploadDataset,
  useUploadQuota,
  useUploadServerProgress,
} from '../api/datasets.api';
import { codeMessage } from '../utils/code-message';
import { newUploadId } from '../utils/upload-id';
import { formatBytes, isZipFile, uploadFormErrors, type UploadFormValues } from '../utils/upload-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  /** Preselects an existing dataset (the detail page's "add data"). */
  datasetId?: number;
  onUploaded?: (datasetId: number) => void;
}

export function DatasetUploadModal({ opened, onClose, projectId, datasetId, onUploaded }: Props) {
  const { t } = useTranslation('dataset');
  const datasets = useDatasetOptions(projectId, opened);
  const quota = useUploadQuota(projectId, opened);
  const upload = useUploadDataset(projectId);
  const [percent, setPercent] = useState<number | null>(null);
  const foldersRef = useRef<{ id: string; names: string[] } | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const server = useUploadServerProgress(uploadId, upload.isPending && percent === 100);

  const form = useForm<UploadFormValues>({
    initialValues: {
      target: datasetId ? 'existing' : 'new',
      name: '',
      type: '',
      purpose: 'preprocessing',
      datasetId: datasetId ? String(datasetId) : '',
      folder: '',
      files: [],
    },
    validate: (values) =>
      uploadFormErrors(
        values,
        foldersRef.current?.id === values.datasetId ? foldersRef.current.names : [],
        codeMessage,
        t,
      ),
  });

  // The chosen dataset's folders, so a folder name that already exists is refused before sending.
  // A ref, because the form keeps the validate function of its first render.
  const chosen = useDataset(
    opened && form.values.target === 'existing' && form.values.datasetId
      ? Number(form.values.datasetId)
      : undefined,
  );
  foldersRef.current = chosen.data
    ? { id: String(chosen.data.id), names: chosen.data.folders.map((f) => f.name) }
    : null;

  useEffect(() => {
    if (!opened) return;
    form.setValues({
      target: datasetId ? 'existing' : 'new',
      name: '',
      type: '',
      purpose: 'preprocessing',
      datasetId: datasetId ? String(datasetId) : '',
      folder: '',
      files: [],
    });
    form.clearErrors();
    setPercent(null);
    // The form object is stable enough; resetting only when the dialog opens is the intent.
  }, [opened, datasetId]);

  const files = form.values.files;
  const zipCount = files.filter(isZipFile).length;
  const zip = zipCount > 0;
  // The images inside a zip are only counted by the server; loose images are checked here first.
  const imageCount = zip ? null : files.length;
  const totalBytes = useMemo(() => files.reduce((n, f) => n + f.size, 0), [files]);
  const remaining = quota.data?.remaining ?? null;
  const trial = quota.data?.trial ?? false;
  const perUpload = quota.data?.per_upload ?? (trial ? TRIAL_UPLOAD_MAX_IMAGES : null);
  const overQuota = imageCount != null && remaining != null && imageCount > remaining;
  const overTrial = perUpload != null && imageCount != null && imageCount > perUpload;
  const busy = upload.isPending;

  const submit = form.onSubmit(async (values) => {
    const id = newUploadId();
    setUploadId(id);
    setPercent(0);
    try {
      const result = await upload.mutateAsync({ values, uploadId: id, onProgress: setPercent });
      flash('success', t('upload.done', { count: result.added }));
      if (result.skipped > 0) flash('warning', t('upload.duplicates', { count: result.skipped }));
      if (result.renamed > 0) flash('info', t('upload.renamed', { count: result.renamed }));
      onUploaded?.(result.datasetId);
      onClose();
    } catch (err) {
      setPercent(null);
      // Server field names map onto the form; limits and zip problems are shown as a flash.
      const fields: Record<string, keyof UploadFormValues> = {
        name: 'name',
        type: 'type',
        dataset_id: 'datasetId',
        folder: 'folder',
      };
      const field = err instanceof ApiError && err.field ? fields[err.field] : undefined;
      if (field) form.setFieldError(field, err instanceof Error ? err.message : '');
      else handleApiError(err);
    }
  });

  const options = (datasets.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  const typeOptions = DATASET_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }));

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      title={<Text fw={700}>{t('upload.title')}</Text>}
      size="lg"
      data-testid="upload-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            disabled={busy}
            data={[
              { value: 'new', label: t('upload.targetNew') },
              { value: 'existing', label: t('upload.targetExisting') },
            ]}
            {...form.getInputProps('target')}
          />
          {form.values.target === 'new' && (
            <Group grow align="flex-start">
              <TextInput
                label={t('upload.name')}
                placeholder={t('upload.namePlaceholder')}
                withAsterisk
                disabled={busy}
                data-testid="upload-name"
                {...form.getInputProps('name')}
              />
              <Select
                label={t('upload.type')}
                placeholder={t('upload.typePlaceholder')}
                withAsterisk
                disabled={busy}
                data={typeOptions}
                data-testid="upload-type"
                {...form.getInputProps('type')}
              />
            </Group>
          )}
          <Group grow align="flex-start">
            {form.values.target === 'new' ? (
              <Select
                label={t('upload.purpose')}
                disabled={busy}
                allowDeselect={false}
                data={DATASET_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))}
                {...form.getInputProps('purpose')}
              />
            ) : (
              <Select
                label={t('upload.dataset')}
                placeholder={t('upload.datasetPlaceholder')}
                withAsterisk
                searchable
                disabled={busy}
                data={options}
                nothingFoundMessage={t('list.empty')}
                data-testid="upload-dataset"
                {...form.getInputProps('datasetId')}
              />
            )}
            <TextInput
              label={t('upload.folder')}
              placeholder={t('upload.folderPlaceholder')}
              disabled={busy}
              data-testid="upload-folder"
              {...form.getInputProps('folder')}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={-6}>
            {t('upload.folderHint')}
          </Text>
          {form.values.target === 'new' && ['od', 'sg', 'ad'].includes(form.values.type) && (
            <Text size="xs" c="dimmed" mt={-6} data-testid="upload-labels-hint">
              {t(`upload.labelsHint.${form.values.type}`)}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('upload.files')}{' '}
              <Text span c="red">
                *
              </Text>
            </Text>
            <Group>
              <FileButton
                multiple
                accept="image/*,.zip,application/zip"
                onChange={(picked) => form.setFieldValue('files', picked)}
                disabled={busy}
              >
                {(props) => (
                  <Button
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    {...props}
                    data-testid="upload-pick"
                  >
                    {t('upload.pick')}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c={files.length ? undefined : 'dimmed'} data-testid="upload-selection">
                {files.length === 0 && t('upload.pickHint')}
                {zip && (
                  <>
                    <IconFileZip size={14} style={{ verticalAlign: -2 }} />{' '}
                    {zipCount === 1 && files.length === 1
                      ? t('upload.zipSelected', { name: files[0]!.name, size: formatBytes(totalBytes) })
                      : t('upload.selected', { count: files.length, size: formatBytes(totalBytes) })}
                  </>
                )}
                {files.length > 0 && !zip && (
                  <>
                    <IconPhoto size={14} style={{ verticalAlign: -2 }} />{' '}
                    {t('upload.selected', { count: files.length, size: formatBytes(totalBytes) })}
                  </>
                )}
              </Text>
            </Group>
            {form.errors.files && (
              <Text size="xs" c="red">
                {form.errors.files}
              </Text>
            )}
          </Stack>

          <Text size="sm" c="dimmed" data-testid="upload-remaining">
            {remaining == null
              ? t('upload.remainingUnlimited')
              : codeMessage(DatasetErrorCode.RemainingUploadCount, { remaining })}
          </Text>
          {perUpload != null && !overTrial && (
            <Alert color="orange" variant="light" p="xs">
              {codeMessage(DatasetErrorCode.TrialUploadLimit, { max: perUpload })}
            </Alert>
          )}
          {(overQuota || overTrial) && (
            <Alert
              color="red"
              variant="light"
              p="xs"
              icon={<IconAlertTriangle size={16} />}
              data-testid="upload-exceeded"
            >
              {overTrial
                ? codeMessage(DatasetErrorCode.TrialUploadLimit, {
                    max: perUpload ?? TRIAL_UPLOAD_MAX_IMAGES,
                  })
                : codeMessage(DatasetErrorCode.UploadLimitExceeded, { remaining: remaining ?? 0 })}
            </Alert>
          )}

          {percent != null && (
            <Stack gap={4} data-testid="upload-progress">
              <Progress
                value={
                  percent < 100 || !server.data?.total
                    ? percent
                    : Math.round((server.data.processed / server.data.total) * 100)
                }
                color={percent < 100 ? undefined : 'teal'}
                size="lg"
                striped
                animated
              />
              <Text size="xs" c="dimmed">
                {percent < 100
                  ? t('upload.uploading', { percent })
                  : server.data && server.data.total > 0
                    ? t('upload.serverProgress', {
                        phase: t(`upload.phases.${server.data.phase}`),
                        processed: server.data.processed,
                        total: server.data.total,
                      })
                    : t('upload.processing')}
              </Text>
            </Stack>
          )}

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('upload.cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={overQuota || overTrial}
              data-testid="upload-submit"
            >
              {t('upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
