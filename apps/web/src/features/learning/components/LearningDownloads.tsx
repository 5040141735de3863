// Model downloads of a finished training: the ONNX model with its manifest, and the full package (model.pt,
// the checkpoint relearning continues from). Files need the bearer token, so they come as blobs.
import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LearningDetail } from '@sightline/domain';
import { handleApiError } from '../../../api/error-handler';
import { learningApi } from '../api/learning.api';

const LABELS: Record<string, string> = {
  'model.onnx': 'model.downloadOnnx',
  'manifest.json': 'model.downloadManifest',
  'model.pt': 'model.downloadFull',
  'parity.json': 'model.downloadParity',
};
const ORDER = ['model.onnx', 'manifest.json', 'model.pt', 'parity.json'];

export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const size = (n: number) =>
  n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(0)} KB` : `${n} B`;

export function LearningDownloads({ learning }: { learning: LearningDetail }) {
  const { t } = useTranslation('learning');
  const [busy, setBusy] = useState<string | null>(null);
  const files = [...learning.files].sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));

  const download = async (file: string) => {
    setBusy(file);
    try {
      saveBlob(await learningApi.file(learning.id, file), `${learning.name}-${file}`);
    } catch (err) {
      handleApiError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="learning-downloads">
      <Text fw={600} size="sm" mb="xs">
        {t('model.downloads')}
      </Text>
      {learning.status !== 'done' || files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('model.notDone')}
        </Text>
      ) : (
        <Group gap="xs">
          {files.map((f) => (
            <Button
              key={f.name}
              size="xs"
              variant={f.name === 'model.onnx' || f.name === 'model.pt' ? 'filled' : 'light'}
              leftSection={<IconDownload size={14} />}
              loading={busy === f.name}
              onClick={() => void download(f.name)}
              data-testid="learning-download"
              data-file={f.name}
            >
              {LABELS[f.name] ? t(LABELS[f.name]!) : f.name} · {size(f.size)}
            </Button>
          ))}
        </Group>
      )}
    </Paper>
  );
}
