// Deploy a trained model of the project to the line: model, threshold 0–1, applicable period, description.
import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INSPECTION_THRESHOLD } from '@sightline/domain';
import { flash } from '../../../components/flash';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';

export function DeployPanel({ projectId, lineId }: { projectId: number; lineId: number }) {
  const { t } = useTranslation('monitoring');
  const qc = useQueryClient();
  const models = useQuery({
    queryKey: monitoringKeys.models(projectId),
    queryFn: () => monitoringApi.models(projectId),
  });
  const [model, setModel] = useState<string | null>(null);
  const [threshold, setThreshold] = useState<number | string>(0.5);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [description, setDescription] = useState('');
  const deploy = useMutation({
    mutationFn: () =>
      monitoringApi.deploy({
        line_id: lineId,
        model_id: Number(model),
        threshold: Number(threshold),
        period_start: start || null,
        period_end: end || null,
        description,
      }),
    onSuccess: () => {
      flash('success', t('inspection.deployed'));
      void qc.invalidateQueries({ queryKey: ['monitoring'] });
    },
  });
  const th = Number(threshold);
  const thresholdBad = !(th >= INSPECTION_THRESHOLD.min && th <= INSPECTION_THRESHOLD.max);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('inspection.deploy')}</Text>
        {models.data && !models.data.length && <Text c="dimmed">{t('inspection.noModels')}</Text>}
        <Group align="end">
          <Select
            label={t('inspection.model')}
            w={260}
            data-testid="deploy-model"
            value={model}
            onChange={setModel}
            data={(models.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.task})` }))}
          />
          <NumberInput
            label={t('inspection.threshold')}
            w={170}
            min={0}
            max={1}
            step={0.05}
            decimalScale={3}
            value={threshold}
            onChange={setThreshold}
            error={thresholdBad ? t('inspection.threshold') : undefined}
            data-testid="deploy-threshold"
          />
          <TextInput
            type="date"
            label={t('inspection.periodStart')}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('inspection.periodEnd')}
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
          />
          <TextInput
            label={t('inspection.description')}
            w={220}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Button
            onClick={() => deploy.mutate()}
            disabled={!model || thresholdBad}
            loading={deploy.isPending}
            data-testid="deploy-submit"
          >
            {t('inspection.deploy')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
