// External labeling upload dialog (SPEC §2, §5): work and dataset names, the labeling type (YOLO txt,
// Pascal VOC xml, COCO json), then images + bbox files + a .txt class file (or one zip). The shared
// rules check the chosen files before sending (same messages as the server); progress while sending.
import { useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LABEL_TYPE_NAMES,
  LABEL_TYPES,
  WORK_NAME_MAX,
  errorMessage,
  externalFilesIssue,
  type LabelType,
} from '@sightline/domain';
import { ApiError } from '../../../../api/api-error';
import { flash } from '../../../../components/flash';
import { currentLocale } from '../../../../i18n';
import { useSession } from '../../../../session/store';
import { uploadExternal, type ExternalUploadResult } from '../api/processing-data.api';

const IMAGE_LIKE = /\.(png|jpe?g|bmp|gif|tiff?|webp)$/i;
const CLASS_FILE = /^(classes?|obj)\.[^.]*$|^obj\.names$/i;

/** The dialog's own check of loose files (zips are checked by the server after opening them). */
export function localIssue(labelType: LabelType | null, files: readonly File[]) {
  if (files.some((f) => /\.zip$/i.test(f.name))) return null;
  const images = files.filter((f) => IMAGE_LIKE.test(f.name)).map((f) => f.name);
  const classFiles = files
    .filter((f) => !IMAGE_LIKE.test(f.name) && CLASS_FILE.test(f.name))
    .map((f) => f.name);
  const labels = files
    .filter((f) => !IMAGE_LIKE.test(f.name) && !classFiles.includes(f.name))
    .map((f) => f.name);
  return externalFilesIssue({ labelType, images, labels, classFile: classFiles[0] ?? null });
}

export function ExternalLabelingDialog({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone?: (r: ExternalUploadResult) => void;
}) {
  const { t } = useTranslation('processing-data');
  const locale = currentLocale();
  const qc = useQueryClient();
  const projectId = useSession((s) => s.currentProject?.id);
  const [name, setName] = useState('');
  const [datasetName, setDatasetName] = useState('');
  const [labelType, setLabelType] = useState<LabelType | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!projectId) return;
    const issue = localIssue(labelType, files);
    if (issue) return setError(errorMessage(issue.code, locale, issue.params));
    setError(null);
    setPercent(0);
    try {
      const r = await uploadExternal(
        { project_id: projectId, name, dataset_name: datasetName, label_type: labelType ?? '', files },
        setPercent,
      );
      flash('success', t('external.done', { count: r.images }));
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['processing'] }),
        qc.invalidateQueries({ queryKey: ['dataset'] }),
      ]);
      onDone?.(r);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{t('external.title')}</Text>}
      size="lg"
      data-testid="external-dialog"
    >
      <Stack gap="sm">
        <TextInput
          label={t('common.workName')}
          value={name}
          maxLength={WORK_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          data-testid="external-name"
        />
        <TextInput
          label={t('external.datasetName')}
          value={datasetName}
          onChange={(e) => setDatasetName(e.currentTarget.value)}
          required
          data-testid="external-dataset-name"
        />
        <Select
          label={t('external.labelType')}
          data={LABEL_TYPES.map((v) => ({ value: v, label: LABEL_TYPE_NAMES[v] }))}
          value={labelType}
          onChange={(v) => setLabelType(v as LabelType | null)}
          required
          data-testid="external-label-type"
        />
        <Text size="sm" fw={500}>
          {t('external.files')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('external.filesHint')}
        </Text>
        <Group>
          <FileButton onChange={setFiles} multiple accept=".png,.jpg,.jpeg,.txt,.xml,.json,.zip">
            {(props) => (
              <Button variant="default" {...props} data-testid="external-pick">
                {t('external.pick')}
              </Button>
            )}
          </FileButton>
          {files.length > 0 && <Text size="sm">{t('external.chosen', { count: files.length })}</Text>}
        </Group>
        {percent !== null && <Progress value={percent} animated />}
        {error && (
          <Alert color="red" variant="light" data-testid="external-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void send()}
            loading={percent !== null}
            disabled={!files.length}
            data-testid="external-upload"
          >
            {t('external.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
