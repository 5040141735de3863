// The ad threshold slider: moving it re-judges every image on the client (no request per move) and
// shows the escape rate (NG judged OK) and overkill rate (OK judged NG) at that threshold.
import { Button, Group, NumberInput, Paper, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdMetrics } from '@sightline/domain';
import { pct } from '../utils/evaluation-format';
import { OUTLINE_COLOR, rates, sliderRange } from '../utils/threshold';

interface Props {
  detail: AdMetrics;
  live: number;
  onLive: (v: number) => void;
  /** The value the slider was left on (release / typed value). */
  onCommit: (v: number) => void;
}

export function ThresholdPanel({ detail, live, onLive, onCommit }: Props) {
  const { t } = useTranslation('evaluation');
  const range = sliderRange(detail.scores, detail.threshold);
  const r = rates(detail.scores, live);
  const set = (v: number) => {
    onLive(v);
    onCommit(v);
  };
  return (
    <Paper withBorder p="md" data-testid="threshold-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600}>{t('ad.threshold')}</Text>
            <NumberInput
              size="xs"
              w={110}
              min={range.min}
              max={range.max}
              step={0.01}
              decimalScale={4}
              value={live}
              onChange={(v) => typeof v === 'number' && set(v)}
              aria-label={t('ad.threshold')}
              data-testid="threshold-input"
            />
            <Text size="xs" c="dimmed">
              {t('ad.stored', { value: detail.threshold.toFixed(4) })}
            </Text>
          </Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRestore size={14} />}
            onClick={() => set(detail.threshold)}
          >
            {t('ad.reset')}
          </Button>
        </Group>
        <Slider
          min={range.min}
          max={range.max}
          step={range.step}
          value={live}
          onChange={onLive}
          onChangeEnd={onCommit}
          // The number input beside the title shows the value; a floating label would cover the reset button.
          label={null}
          marks={[{ value: detail.threshold, label: detail.threshold.toFixed(2) }]}
          thumbProps={{ 'aria-label': t('ad.threshold') } as Record<string, string>}
          data-testid="threshold-slider"
          mb="md"
        />
        <SimpleGrid cols={4} spacing="sm">
          <Rate
            label={t('ad.escape')}
            value={pct(r.escapeRate)}
            counts={t('ad.counts', { n: r.escapes, total: r.ng })}
            testId="escape-rate"
          />
          <Rate
            label={t('ad.overkill')}
            value={pct(r.overkillRate)}
            counts={t('ad.counts', { n: r.overkills, total: r.ok })}
            testId="overkill-rate"
          />
          <Rate
            label={t('ad.judgedNg')}
            value={String(r.ng - r.escapes + r.overkills)}
            counts={t('ad.counts', { n: r.ng - r.escapes + r.overkills, total: r.ok + r.ng })}
            testId="judged-ng"
          />
          <Stack gap={2} justify="center">
            <Legend color={OUTLINE_COLOR['threshold-diff-ng']} label={t('ad.diffNg')} />
            <Legend color={OUTLINE_COLOR['threshold-diff-ok']} label={t('ad.diffOk')} />
            <Legend color={OUTLINE_COLOR['threshold-active']} label={t('ad.active')} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Rate({
  label,
  value,
  counts,
  testId,
}: {
  label: string;
  value: string;
  counts: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="xs" bg="gray.0">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} align="baseline">
        <Text fw={700} fz={20} data-testid={testId}>
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {counts}
        </Text>
      </Group>
    </Paper>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        style={{
          width: 14,
          height: 10,
          border: `3px solid ${color}`,
          borderRadius: 2,
          display: 'inline-block',
        }}
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
