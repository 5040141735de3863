// The result sections of each task (SPEC §2 /{id}/result/cf|od|sg|ad).
import { useState } from 'react';
import { Grid, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdMetrics, EvaluationMetrics } from '@sightline/domain';
import { num3 } from '../utils/evaluation-format';
import { RocCurve, ScoreHistogram } from './AdCharts';
import { CellImagesDialog } from './CellImagesDialog';
import { ConfusionMatrix } from './ConfusionMatrix';
import { MetricTiles, PerClassTable } from './MetricTable';
import { ResultGrid } from './ResultGrid';
import { ThresholdPanel } from './ThresholdPanel';

type Of<T extends EvaluationMetrics['task']> = Extract<EvaluationMetrics, { task: T }>;
interface Props<T extends EvaluationMetrics['task']> {
  evaluationId: number;
  detail: Of<T>;
  classNames: string[];
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

export function CfResult({ evaluationId, detail, classNames }: Props<'cf'>) {
  const { t } = useTranslation('evaluation');
  const [cell, setCell] = useState<{ actual: number; predicted: number } | null>(null);
  const names = detail.perClass.length ? detail.perClass.map((c) => c.name) : classNames;
  return (
    <>
      <MetricTiles
        items={[
          { key: 'accuracy', value: detail.accuracy },
          { key: 'macroF1', value: detail.macroF1 },
        ]}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Section title={t('result.confusion')}>
            <ConfusionMatrix
              classNames={names}
              matrix={detail.confusion}
              onCell={(actual, predicted) => setCell({ actual, predicted })}
            />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section title={t('result.perClass')}>
            <PerClassTable rows={detail.perClass} keys={['precision', 'recall', 'f1', 'support']} />
          </Section>
        </Grid.Col>
      </Grid>
      <ResultGrid evaluationId={evaluationId} classNames={names} />
      <CellImagesDialog
        evaluationId={evaluationId}
        classNames={names}
        cell={cell}
        onClose={() => setCell(null)}
      />
    </>
  );
}

export function OdResult({ evaluationId, detail, classNames }: Props<'od'>) {
  const { t } = useTranslation('evaluation');
  const names = classNames.length ? classNames : detail.perClass.map((c) => c.name);
  return (
    <>
      <MetricTiles
        items={[
          { key: 'mAP50', value: detail.mAP50 },
          { key: 'mAP50_95', value: detail.mAP50_95 },
        ]}
      />
      <Section title={t('result.perClass')}>
        <PerClassTable rows={detail.perClass} keys={['ap50', 'ap50_95', 'support']} />
      </Section>
      <ResultGrid evaluationId={evaluationId} classNames={names} cols={5} />
    </>
  );
}

export function SgResult({ evaluationId, detail, classNames }: Props<'sg'>) {
  const { t } = useTranslation('evaluation');
  const names = classNames.length ? classNames : detail.perClass.map((c) => c.name);
  return (
    <>
      <MetricTiles
        items={[
          { key: 'meanIoU', value: detail.meanIoU },
          { key: 'meanDice', value: detail.meanDice },
        ]}
      />
      <Section title={t('result.perClass')}>
        <PerClassTable rows={detail.perClass} keys={['iou', 'dice']} />
      </Section>
      <ResultGrid evaluationId={evaluationId} classNames={names} cols={5} masks />
    </>
  );
}

export function AdResult({ evaluationId, detail }: Props<'ad'>) {
  const { t } = useTranslation('evaluation');
  const [live, setLive] = useState(detail.threshold);
  const [committed, setCommitted] = useState(detail.threshold);
  const names = [t('ad.ok'), t('ad.ng')];
  return (
    <>
      <AdSummary detail={detail} />
      <ThresholdPanel detail={detail} live={live} onLive={setLive} onCommit={setCommitted} />
      <Grid gutter="md">
        <Grid.Col span={6}>
          <ScoreHistogram scores={detail.scores} live={live} />
        </Grid.Col>
        <Grid.Col span={6}>
          <RocCurve roc={detail.roc} scores={detail.scores} live={live} />
        </Grid.Col>
      </Grid>
      <ResultGrid
        evaluationId={evaluationId}
        classNames={names}
        ad={{ stored: detail.threshold, live, committed }}
      />
    </>
  );
}

function AdSummary({ detail }: { detail: AdMetrics }) {
  return (
    <MetricTiles
      items={[
        { key: 'imageAUROC', value: detail.imageAUROC },
        { key: 'pixelAUROC', value: detail.pixelAUROC },
        { key: 'precision', value: detail.precision },
        { key: 'recall', value: detail.recall },
        { key: 'f1', value: detail.f1 },
        { key: 'threshold', value: detail.threshold, format: num3 },
      ]}
    />
  );
}
