// The images where at least two models of a compare disagree: the image, its actual class and each
// model's prediction and score (wrong ones in red), 30 per page.
import { useState } from 'react';
import { AspectRatio, Badge, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGES_PER_PAGE } from '@sightline/domain';
import { EmptyState, Pager, Spinner } from '../../../components/shared';
import { useDisagreements, type CompareDetail } from '../api/compares.api';

export function DisagreementGrid({ compare, classNames }: { compare: CompareDetail; classNames: string[] }) {
  const { t } = useTranslation('compare');
  const { t: te } = useTranslation('evaluation');
  const [page, setPage] = useState(1);
  const q = useDisagreements(compare.id, page, compare.status === 'done');
  const rows = q.data?.data ?? [];
  const names = compare.task === 'ad' ? [te('ad.ok'), te('ad.ng')] : classNames;
  const name = (i: number | null) => (i == null ? te('result.unlabeled') : (names[i] ?? String(i)));

  return (
    <Paper withBorder p="md" data-testid="disagreement-grid">
      <Stack gap="sm">
        <Text fw={600}>{t('detail.disagreements', { count: compare.disagreements })}</Text>
        {compare.status !== 'done' ? null : q.isPending ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <EmptyState message={t('detail.noDisagreements')} />
        ) : (
          <SimpleGrid cols={5} spacing={8}>
            {rows.map((r) => (
              <Paper withBorder p={4} radius="sm" key={r.image_id} data-testid="disagreement-card">
                <AspectRatio ratio={1}>
                  <img
                    src={r.thumb_url}
                    alt={r.file_name}
                    loading="lazy"
                    style={{ objectFit: 'contain', background: 'var(--mantine-color-gray-1)' }}
                  />
                </AspectRatio>
                <Tooltip label={r.file_name} openDelay={500}>
                  <Text size="xs" truncate mt={2}>
                    {r.file_name}
                  </Text>
                </Tooltip>
                <Text size="xs" c="dimmed">
                  {t('detail.truth')}: {name(r.true_class)}
                </Text>
                <Stack gap={2} mt={2}>
                  {r.predictions.map((p, i) => (
                    <Badge
                      key={p.evaluation_id}
                      size="xs"
                      variant="light"
                      color={p.correct === false ? 'red' : p.correct ? 'teal' : 'gray'}
                      fullWidth
                      style={{ textTransform: 'none', justifyContent: 'space-between' }}
                    >
                      {compare.evaluations[i]?.model.name ?? p.evaluation_id}: {name(p.predicted_class)}
                      {p.score != null ? ` ${p.score.toFixed(2)}` : ''}
                    </Badge>
                  ))}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        <Pager page={page} total={q.data?.total ?? 0} perPage={IMAGES_PER_PAGE} onChange={setPage} />
      </Stack>
    </Paper>
  );
}
