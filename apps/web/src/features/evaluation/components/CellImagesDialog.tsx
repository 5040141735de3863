// The confusion matrix result dialog: the images of one cell (actual × predicted), 30 per page; a
// card opens the image dialog.
import { useEffect, useState } from 'react';
import { Modal, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGES_PER_PAGE, type ResultRow } from '@sightline/domain';
import { EmptyState, Pager, Spinner } from '../../../components/shared';
import { useEvaluationResults } from '../api/evaluations.api';
import { ResultCard } from './ResultCard';
import { ResultViewer } from './ResultViewer';

interface Props {
  evaluationId: number;
  classNames: string[];
  cell: { actual: number; predicted: number } | null;
  onClose: () => void;
}

export function CellImagesDialog({ evaluationId, classNames, cell, onClose }: Props) {
  const { t } = useTranslation('evaluation');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ResultRow | null>(null);
  useEffect(() => setPage(1), [cell?.actual, cell?.predicted]);
  const results = useEvaluationResults(
    evaluationId,
    { filter: 'all', true_class: cell?.actual, predicted_class: cell?.predicted, page },
    cell != null,
  );
  const rows = results.data?.data ?? [];
  return (
    <Modal
      opened={cell != null}
      onClose={onClose}
      size={1000}
      centered
      title={
        cell
          ? `${t('result.cellDialog', { actual: classNames[cell.actual], predicted: classNames[cell.predicted] })} · ${t('result.cellCount', { count: results.data?.total ?? 0 })}`
          : ''
      }
      data-testid="cell-images-dialog"
    >
      <Stack gap="sm">
        {results.isPending ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <EmptyState message={t('result.empty')} />
        ) : (
          <SimpleGrid cols={6} spacing={8}>
            {rows.map((r) => (
              <ResultCard key={r.id} row={r} classNames={classNames} showOverlay onOpen={setOpen} />
            ))}
          </SimpleGrid>
        )}
        <Pager page={page} total={results.data?.total ?? 0} perPage={IMAGES_PER_PAGE} onChange={setPage} />
      </Stack>
      <ResultViewer row={open} classNames={classNames} onClose={() => setOpen(null)} />
    </Modal>
  );
}
