// Charts of an anomaly result: the OK/NG score histogram with the live threshold, and the ROC curve
// with the live operating point (@mantine/charts on recharts).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdMetrics } from '@sightline/domain';
import { operatingPoint, scoreHistogram } from '../utils/threshold';

const OK_COLOR = 'teal.6';
const NG_COLOR = 'red.6';

export function ScoreHistogram({ scores, live }: { scores: AdMetrics['scores']; live: number }) {
  const { t } = useTranslation('evaluation');
  const bins = scoreHistogram(scores);
  const at = bins.find((b) => live >= b.from && live < b.to) ?? bins[bins.length - 1];
  return (
    <Paper withBorder p="sm" data-testid="score-histogram">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('ad.histogram')}
        </Text>
        <BarChart
          h={190}
          data={bins}
          dataKey="bin"
          series={[
            { name: 'ok', label: t('ad.ok'), color: OK_COLOR },
            { name: 'ng', label: t('ad.ng'), color: NG_COLOR },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 24 }}
          tickLine="xy"
          gridAxis="y"
          fillOpacity={0.8}
          referenceLines={
            at
              ? [{ x: at.bin, color: 'orange.7', label: live.toFixed(3), labelPosition: 'insideTopRight' }]
              : []
          }
          xAxisProps={{ interval: 3 }}
        />
      </Stack>
    </Paper>
  );
}

export function RocCurve({
  roc,
  scores,
  live,
}: {
  roc: AdMetrics['roc'];
  scores: AdMetrics['scores'];
  live: number;
}) {
  const { t } = useTranslation('evaluation');
  const points = [...roc].sort((a, b) => a.fpr - b.fpr || a.tpr - b.tpr);
  const op = operatingPoint(scores, live);
  return (
    <Paper withBorder p="sm" data-testid="roc-curve">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('ad.roc')}
        </Text>
        <div style={{ width: '100%', height: 190 }}>
          <ResponsiveContainer>
            <LineChart data={points} margin={{ top: 6, right: 12, bottom: 14, left: 0 }}>
              <CartesianGrid strokeDasharray="4 4" stroke="var(--mantine-color-gray-3)" />
              <XAxis
                type="number"
                dataKey="fpr"
                domain={[0, 1]}
                tickCount={6}
                fontSize={11}
                label={{ value: t('ad.fpr'), position: 'insideBottom', offset: -8, fontSize: 11 }}
              />
              <YAxis type="number" dataKey="tpr" domain={[0, 1]} tickCount={6} fontSize={11} width={36} />
              <Tooltip
                formatter={(v) => (typeof v === 'number' ? v.toFixed(3) : String(v))}
                labelFormatter={(v) => `FPR ${Number(v).toFixed(3)}`}
              />
              <Line
                type="stepAfter"
                dataKey="tpr"
                name={t('ad.tpr')}
                stroke="var(--mantine-color-blue-6)"
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
              />
              <ReferenceDot x={op.fpr} y={op.tpr} r={6} fill="var(--mantine-color-orange-6)" stroke="white" />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Stack>
    </Paper>
  );
}
