// /admin/algorithm/segment-model: the click-segmentation model pair (SPEC §7 model files). A system
// admin uploads a SAM-compatible encoder/decoder .onnx pair; the server checks that it loads with
// onnxruntime and that its inputs/outputs fit (§8 load errors otherwise) and uses it instead of the
// default; "back to the default" drops it.
import { useState } from 'react';
import { Button, Card, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/api-error';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { flash } from '../../../components/flash';
import { formatDateTime } from '../../../utils/format';

interface ModelInfo {
  name: string;
  input_size: number;
  mask_size: number;
  embedding: number[];
  source: 'default' | 'uploaded';
  uploaded_at: string | null;
}

const KEY = ['segment', 'model'] as const;

export default function SegmentModelPage() {
  const { t } = useTranslation('annotation');
  const qc = useQueryClient();
  const info = useQuery({ queryKey: KEY, queryFn: () => api.get<ModelInfo>('/api/v2/segment/model') });
  const [encoder, setEncoder] = useState<File | null>(null);
  const [decoder, setDecoder] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  const onError = (err: unknown) =>
    setError({
      field: err instanceof ApiError ? err.field : undefined,
      message: err instanceof Error ? err.message : String(err),
    });
  const upload = useMutation({
    mutationFn: () => {
      const body = new FormData();
      if (name.trim()) body.append('name', name.trim());
      if (encoder) body.append('encoder', encoder, encoder.name);
      if (decoder) body.append('decoder', decoder, decoder.name);
      return api.post<ModelInfo>('/api/v2/segment/model', body, { timeoutMs: 600_000 });
    },
    onSuccess: (data) => {
      setError(null);
      qc.setQueryData(KEY, data);
      flash('success', t('segmentModel.uploaded'));
    },
    onError,
  });
  const reset = useMutation({
    mutationFn: () => api.delete<ModelInfo>('/api/v2/segment/model'),
    onSuccess: (data) => {
      setError(null);
      qc.setQueryData(KEY, data);
      flash('success', t('segmentModel.resetDone'));
    },
    onError,
  });

  const m = info.data;
  const fieldError = (f: string) =>
    error && (error.field === f || (!error.field && f === 'encoder')) ? error.message : undefined;
  return (
    <PageFrame title={t('segmentModel.title')} testId="segment-model-page">
      <Text c="dimmed" size="sm" maw={760}>
        {t('segmentModel.intro')}
      </Text>
      <Card withBorder maw={760} data-testid="segment-model-current">
        <Stack gap="xs">
          <Text fw={600}>
            {t('segmentModel.current')}: {m ? t(`segmentModel.source.${m.source}`) : '…'}
          </Text>
          {m && (
            <FactGrid
              facts={[
                [t('segmentModel.name'), m.name],
                [t('segmentModel.inputSize'), `${m.input_size} × ${m.input_size}`],
                [t('segmentModel.embedding'), `[${m.embedding.join(', ')}]`],
                [t('segmentModel.maskSize'), `${m.mask_size} × ${m.mask_size}`],
                [t('segmentModel.uploadedAt'), m.uploaded_at ? formatDateTime(m.uploaded_at) : '-'],
              ]}
            />
          )}
        </Stack>
      </Card>
      <Card withBorder maw={760}>
        <Stack gap="sm">
          <TextInput
            label={t('segmentModel.name')}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="segment-model-name"
          />
          <FileInput
            label={t('segmentModel.encoder')}
            placeholder={t('segmentModel.choose')}
            accept=".onnx"
            value={encoder}
            onChange={setEncoder}
            error={fieldError('encoder')}
            data-testid="segment-model-encoder"
          />
          <FileInput
            label={t('segmentModel.decoder')}
            placeholder={t('segmentModel.choose')}
            accept=".onnx"
            value={decoder}
            onChange={setDecoder}
            error={fieldError('decoder')}
            data-testid="segment-model-decoder"
          />
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={m?.source !== 'uploaded'}
              loading={reset.isPending}
              onClick={() => reset.mutate()}
            >
              {t('segmentModel.reset')}
            </Button>
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={!encoder || !decoder}
              loading={upload.isPending}
              onClick={() => upload.mutate()}
              data-testid="segment-model-upload"
            >
              {t('segmentModel.upload')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </PageFrame>
  );
}
