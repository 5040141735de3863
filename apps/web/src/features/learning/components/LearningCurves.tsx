// Loss and headline-metric curves (@mantine/charts on recharts): one point per finished epoch from the
// history, plus the live step losses of the epoch in progress as SSE progress events arrive.
import type { ComponentProps } from 'react';
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isActiveStatus, type LearningDetail, type LearningProgressEvent } from '@sightline/domain';
import { curvePoints, headlineMetric } from '../utils/learning-utils';

const fmt = (v: number) =>
  Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3);

/** One epoch-axis line chart of the curves panel (loss or metric), synced with the other for the tooltip. */
function EpochChart({
  data,
  series,
  xAxisProps,
  xAxisLabel,
}: Pick<ComponentProps<typeof LineChart>, 'data' | 'series' | 'xAxisProps' | 'xAxisLabel'>) {
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="x"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 30 }}
      connectNulls
      withDots={data.length < 40}
      curveType="linear"
      xAxisProps={xAxisProps}
      xAxisLabel={xAxisLabel}
      valueFormatter={fmt}
      // Every tick of the evenly spaced scale (recharts' default skips some, which reads as a log scale),
      // written as short as it is (0, 0.25, 0.5, 1 rather than 0.000, 0.250, 1.00).
      yAxisProps={{ interval: 0, tickFormatter: (v: number) => String(Number(v.toFixed(3))) }}
      tooltipAnimationDuration={0}
      // Room above the top tick so its label does not run into the chart's title.
      lineChartProps={{ syncId: 'learning', margin: { top: 12, bottom: 30 } }}
      lineProps={{ isAnimationActive: false }}
      series={series}
    />
  );
}

export function LearningCurves({
  learning,
  live,
}: {
  learning: LearningDetail;
  live: readonly LearningProgressEvent[];
}) {
  const { t } = useTranslation('learning');
  const points = curvePoints(learning.task, learning.history, live);
  const metric = headlineMetric(learning.task, learning.history, live);
  const last = points.length ? points[points.length - 1]!.x : 1;
  // The axis spans the planned epochs (after the earlier runs of a relearning) so it does not rescale as it grows.
  const lastRun = learning.history.reduce((m, h) => Math.max(m, h.run), 0);
  const earlier = learning.base_learning_id ? learning.history.filter((h) => h.run < lastRun).length : 0;
  const planned = learning.epochs && isActiveStatus(learning.status) ? earlier + learning.epochs : 0;
  const xMax = Math.max(Math.ceil(last), learning.history.length, planned, 1);
  const xAxisProps = {
    type: 'number' as const,
    domain: [0, xMax] as [number, number],
    allowDecimals: false,
    tickFormatter: (v: number) => String(v),
  };
  const hasLoss = points.some((p) => p.train_loss != null || p.val_loss != null || p.live_loss != null);
  const metricPoints = points.filter((p) => p.metric != null);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="learning-curves" data-points={points.length}>
      <Text fw={600} size="sm" mb="xs">
        {t('model.curves')}
      </Text>
      {!hasLoss ? (
        <Text size="sm" c="dimmed" data-testid="curves-empty">
          {t('model.noCurve')}
        </Text>
      ) : (
        <SimpleGrid cols={2} spacing="md">
          <Stack gap={2} data-testid="loss-chart" data-points={points.length}>
            <Text size="xs" c="dimmed">
              {t('model.loss')}
            </Text>
            <EpochChart
              data={points}
              xAxisProps={xAxisProps}
              xAxisLabel={t('model.epochAxis')}
              series={[
                { name: 'train_loss', label: t('model.trainLoss'), color: 'blue.6' },
                { name: 'val_loss', label: t('model.valLoss'), color: 'orange.6' },
                ...(points.some((p) => p.live_loss != null && !Number.isInteger(p.x))
                  ? [
                      {
                        name: 'live_loss',
                        label: t('model.liveLoss'),
                        color: 'blue.3',
                        strokeDasharray: '4 3',
                      },
                    ]
                  : []),
              ]}
            />
          </Stack>
          <Stack gap={2} data-testid="metric-chart" data-points={metricPoints.length}>
            <Text size="xs" c="dimmed">
              {t('model.metric')}
              {metric ? ` (${metric})` : ''}
            </Text>
            {metricPoints.length ? (
              <EpochChart
                data={metricPoints}
                xAxisProps={xAxisProps}
                xAxisLabel={t('model.epochAxis')}
                series={[{ name: 'metric', label: metric ?? t('model.metric'), color: 'teal.6' }]}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('model.noCurve')}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  );
}
