// The result image grid (30 per page): filter all/correct/wrong and by actual class, sort by file or
// score, overlays on/off; a card opens the image dialog. On the ad page every card is re-judged at the
// slider's threshold locally; the server filters correct/wrong at the threshold the slider was left on.
// On the sg page the cards show the predicted or the true masks (a toggle, with the class colours).
import { useState } from 'react';
import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGES_PER_PAGE, type ResultRow } from '@sightline/domain';
import { EmptyState, Pager, Spinner } from '../../../components/shared';
import { useEvaluationResults, type ResultFilter } from '../api/evaluations.api';
import { judgeRow } from '../utils/threshold';
import { ResultCard } from './ResultCard';
import { ResultViewer } from './ResultViewer';
import { SgLegend } from './SgLegend';

export interface LiveThreshold {
  stored: number;
  /** The slider's value, moved freely. */
  live: number;
  /** The value the slider was left on (server filter). */
  committed: number;
}

interface Props {
  evaluationId: number;
  classNames: string[];
  ad?: LiveThreshold;
  /** Grid columns at 1280 px. */
  cols?: number;
  /** sg: masks, with the predicted / ground-truth toggle and the class colour legend. */
  masks?: boolean;
}

export function ResultGrid({ evaluationId, classNames, ad, cols = 6, masks = false }: Props) {
  const { t } = useTranslation('evaluation');
  const [filter, setFilter] = useState<ResultFilter['filter']>('all');
  const [trueClass, setTrueClass] = useState<string | null>(null);
  const [sort, setSort] = useState<'file' | 'score'>('file');
  const [page, setPage] = useState(1);
  const [overlay, setOverlay] = useState(true);
  const [mask, setMask] = useState<'pred' | 'truth'>('pred');
  const [open, setOpen] = useState<ResultRow | null>(null);
  const q: ResultFilter = {
    filter,
    true_class: trueClass == null ? undefined : Number(trueClass),
    sort,
    order: sort === 'score' ? 'desc' : 'asc',
    page,
    threshold: ad && filter !== 'all' ? Math.min(1, Math.max(0, ad.committed)) : undefined,
  };
  const results = useEvaluationResults(evaluationId, q);
  const rows = results.data?.data ?? [];
  // Evaluations made before the true masks were stored have none: the toggle is then off.
  const hasTruth = rows.some((r) => r.true_mask_url);
  const judge = (r: ResultRow) => (ad ? judgeRow(r, ad.stored, ad.live) : undefined);
  const reset = () => setPage(1);

  return (
    <Paper withBorder p="md" data-testid="result-grid">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600}>{t('result.images')}</Text>
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => {
                setFilter(v as ResultFilter['filter']);
                reset();
              }}
              data={(['all', 'correct', 'wrong'] as const).map((f) => ({
                value: f,
                label: t(`result.filter.${f}`),
              }))}
              data-testid="result-filter"
            />
            <Select
              size="xs"
              w={170}
              placeholder={t('result.allClasses')}
              aria-label={t('result.classFilter')}
              clearable
              value={trueClass}
              onChange={(v) => {
                setTrueClass(v);
                reset();
              }}
              data={classNames.map((n, i) => ({ value: String(i), label: n }))}
              data-testid="result-class-filter"
            />
            <Select
              size="xs"
              w={140}
              allowDeselect={false}
              value={sort}
              onChange={(v) => {
                setSort((v as 'file' | 'score') ?? 'file');
                reset();
              }}
              data={(['file', 'score'] as const).map((s) => ({ value: s, label: t(`result.sort.${s}`) }))}
            />
          </Group>
          <Group gap="sm">
            <Text size="xs" c="dimmed">
              {t('result.cellCount', { count: results.data?.total ?? 0 })}
            </Text>
            {masks && (
              <SegmentedControl
                size="xs"
                value={hasTruth ? mask : 'pred'}
                onChange={(v) => setMask(v as 'pred' | 'truth')}
                disabled={!overlay || !hasTruth}
                data={[
                  { value: 'pred', label: t('result.maskPred') },
                  { value: 'truth', label: t('result.maskTruth') },
                ]}
                data-testid="mask-toggle"
              />
            )}
            <Switch
              size="xs"
              label={t('result.overlay')}
              checked={overlay}
              onChange={(e) => setOverlay(e.currentTarget.checked)}
            />
          </Group>
        </Group>
        {masks && overlay && <SgLegend classNames={classNames} />}
        {results.isPending ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <EmptyState message={t('result.empty')} />
        ) : (
          <SimpleGrid cols={cols} spacing={8}>
            {rows.map((r) => (
              <ResultCard
                key={r.id}
                row={r}
                classNames={classNames}
                judged={judge(r)}
                showOverlay={overlay}
                mask={hasTruth ? mask : 'pred'}
                onOpen={setOpen}
              />
            ))}
          </SimpleGrid>
        )}
        <Pager page={page} total={results.data?.total ?? 0} perPage={IMAGES_PER_PAGE} onChange={setPage} />
      </Stack>
      <ResultViewer
        row={open}
        classNames={classNames}
        judged={open ? judge(open) : undefined}
        onClose={() => setOpen(null)}
      />
    </Paper>
  );
}
