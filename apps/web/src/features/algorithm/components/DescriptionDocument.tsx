// An algorithm's description document (image or PDF): preview, upload or replace, remove.
// Without one, the spec's 'No algorithm description image' message is shown.
import { useEffect, useMemo } from 'react';
import { Alert, Anchor, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconFileText, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MIME_TYPES, errorMessage, type AlgorithmRecord } from '@sightline/domain';
import { useDescriptionBlob, useRemoveDescription, useUploadDescription } from '../api/algorithms';
import { currentLocale } from '../../../i18n';
import { confirm, flash } from '../../../components/shared';
import { showServerError } from '../../../forms/server-error';

export function DescriptionDocument({
  algorithm,
  editable,
}: {
  algorithm: AlgorithmRecord;
  editable: boolean;
}) {
  const { t } = useTranslation('admin');
  const file = algorithm.descriptionFile;
  const { data: blob } = useDescriptionBlob(
    algorithm.id,
    file ? `${file.name}:${file.size}:${algorithm.updatedAt}` : null,
  );
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const upload = useUploadDescription();
  const remove = useRemoveDescription();

  const onFile = async (f: File | null) => {
    if (!f) return;
    try {
      await upload.mutateAsync({ id: algorithm.id, file: f });
      flash('success', t('algorithm.descriptionUploaded'));
    } catch (err) {
      showServerError(null, err);
    }
  };
  const onRemove = async () => {
    if (
      !(await confirm({
        title: t('algorithm.descriptionRemove'),
        message: t('algorithm.descriptionRemoveConfirm'),
        danger: true,
      }))
    )
      return;
    try {
      await remove.mutateAsync(algorithm.id);
    } catch (err) {
      showServerError(null, err);
    }
  };

  return (
    <Stack gap="xs" data-testid="algorithm-description">
      {!file ? (
        <Alert variant="light" color="gray" icon={<IconPhotoOff />} data-testid="no-description">
          {errorMessage('ALGORITHM_NO_DESCRIPTION', currentLocale())}
        </Alert>
      ) : file.mime === 'application/pdf' ? (
        <Group gap="xs">
          <IconFileText size={18} />
          {url ? (
            <Anchor href={url} target="_blank" rel="noreferrer">
              {file.name}
            </Anchor>
          ) : (
            <Text>{file.name}</Text>
          )}
          <Text size="xs" c="dimmed">
            ({Math.ceil(file.size / 1024).toLocaleString()} KB)
          </Text>
        </Group>
      ) : (
        url && <Image src={url} alt={file.name} maw={640} radius="sm" fit="contain" />
      )}
      {editable && (
        <Group gap="xs">
          <FileButton onChange={onFile} accept={DESCRIPTION_MIME_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
              >
                {t(file ? 'algorithm.descriptionReplace' : 'algorithm.descriptionUpload')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onRemove}
            >
              {t('algorithm.descriptionRemove')}
            </Button>
          )}
          <Text size="xs" c="dimmed">
            {t('algorithm.descriptionHelp')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
