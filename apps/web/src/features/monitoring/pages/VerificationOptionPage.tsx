// /monitoring/inspection/option: the line's verification option (SPEC §3): method, period, threshold 0–1,
// sampling rate 0–100, sampling count 100–1000; sampling runs at 00:00.
import { useEffect } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_VERIFICATION_OPTION,
  VERIFICATION_METHODS,
  verificationOptionSchema,
  type VerificationOption,
} from '@sightline/domain';
import { flash } from '../../../components/flash';
import { zodValidate } from '../../../forms/zod-form';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { MonitoringFrame } from '../components/MonitoringFrame';
import { useMonitoringLine } from '../hooks/useMonitoringLine';

export default function VerificationOptionPage() {
  const { t } = useTranslation('monitoring');
  const { lines, line, setLine } = useMonitoringLine();
  const qc = useQueryClient();
  const lineId = line?.id ?? 0;
  const opt = useQuery({
    queryKey: monitoringKeys.option(lineId),
    queryFn: () => monitoringApi.option(lineId),
    enabled: !!lineId,
  });
  const form = useForm<VerificationOption>({
    initialValues: DEFAULT_VERIFICATION_OPTION,
    validate: zodValidate(verificationOptionSchema),
  });
  useEffect(() => {
    if (opt.data) form.setValues(opt.data);
    // The form object is stable enough for this one-way load; re-run only when the data arrives.
  }, [opt.data]); // form: mantine's useForm is stable across renders
  const save = useMutation({
    mutationFn: (v: VerificationOption) => monitoringApi.saveOption(lineId, v),
    onSuccess: () => {
      flash('success', t('option.saved'));
      void qc.invalidateQueries({ queryKey: monitoringKeys.option(lineId) });
    },
  });
  return (
    <MonitoringFrame
      title={t('option.title')}
      lines={lines}
      line={line}
      onLine={setLine}
      testId="verification-option"
    >
      <Paper withBorder radius="lg" p="md" maw={560}>
        <form onSubmit={form.onSubmit((v) => save.mutate(v))}>
          <Stack gap="sm">
            <Select
              label={t('option.method')}
              data={VERIFICATION_METHODS.map((m) => ({ value: m, label: t(`option.methods.${m}`) }))}
              {...form.getInputProps('method')}
              allowDeselect={false}
            />
            <NumberInput label={t('option.period')} min={1} max={30} {...form.getInputProps('period_days')} />
            <NumberInput
              label={t('option.threshold')}
              step={0.05}
              decimalScale={3}
              {...form.getInputProps('threshold')}
            />
            <NumberInput
              label={t('option.samplingRate')}
              {...form.getInputProps('sampling_rate')}
              data-testid="option-rate"
            />
            <NumberInput
              label={t('option.samplingCount')}
              {...form.getInputProps('sampling_count')}
              data-testid="option-count"
            />
            <Text size="sm" c="dimmed">
              {t('option.schedule')}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="option-save">
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </MonitoringFrame>
  );
}
