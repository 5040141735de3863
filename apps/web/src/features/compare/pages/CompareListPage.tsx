// /train/inference/compare: the project's comparisons (status, models, headline metric per model),
// refreshed while any runs, with the learning compare add dialog. Trial accounts cannot compare (SPEC §6).
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LearningErrorCode, canCompare, errorMessage } from '@sightline/domain';
import { PageFrame } from '../../../components/PageFrame';
import { ServerTable, type Column } from '../../../components/list/ServerTable';
import { useAppConfig } from '../../../config/AppConfigContext';
import { useActor } from '../../../hooks/useCan';
import { currentLocale } from '../../../i18n';
import { useSession } from '../../../session/store';
import { formatDateTime } from '../../../utils/format';
import { EvaluationStatus } from '../../evaluation/components/EvaluationStatus';
import { headline, pct } from '../../evaluation/utils/evaluation-format';
import { useCompareList, type CompareListItem } from '../api/compares.api';
import { CompareAddDialog } from '../components/CompareAddDialog';

export default function CompareListPage() {
  const { t } = useTranslation('compare');
  const { t: te } = useTranslation('evaluation');
  const navigate = useNavigate();
  const project = useSession((s) => s.currentProject);
  const actor = useActor();
  const { productName } = useAppConfig();
  const allowed = actor ? canCompare(actor, productName) : false;
  const [page, setPage] = useState(1);
  const [addOpen, setAddOpen] = useState(false);
  const list = useCompareList(allowed ? project?.id : undefined, page);

  const columns: Column<CompareListItem>[] = [
    {
      key: 'name',
      header: t('list.columns.name'),
      render: (c) => (
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
      ),
    },
    {
      key: 'models',
      header: t('list.columns.models'),
      render: (c) => (
        <Stack gap={0}>
          {c.evaluations.map((e) => {
            const h = headline(e.task, e.metrics);
            return (
              <Text size="xs" key={e.id} style={{ whiteSpace: 'nowrap' }}>
                {e.model.name}
                {h.value != null && ` · ${te(`metrics.${h.key}`)} ${pct(h.value)}`}
              </Text>
            );
          })}
        </Stack>
      ),
    },
    { key: 'dataset', header: t('list.columns.dataset'), render: (c) => c.dataset.name },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 150,
      render: (c) => <EvaluationStatus status={c.status} progress={c.progress} />,
    },
    {
      key: 'requested',
      header: t('list.columns.requestedAt'),
      render: (c) => (
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(c.timings.requested_at)}
        </Text>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('title')}
      testId="compare-list-page"
      back={{ to: '/train/inference', label: t('back') }}
      actions={
        allowed && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAddOpen(true)}
            data-testid="add-compare"
          >
            {t('list.add')}
          </Button>
        )
      }
    >
      {!allowed ? (
        <Alert color="yellow" variant="light" data-testid="compare-trial">
          {errorMessage(LearningErrorCode.TrialNoCompare, currentLocale())}
        </Alert>
      ) : (
        <Group grow>
          <ServerTable
            columns={columns}
            rows={list.data?.data}
            total={list.data?.total ?? 0}
            perPage={10}
            page={page}
            onPage={setPage}
            loading={list.isLoading}
            rowKey={(c) => c.id}
            onRowClick={(c) => navigate(`/train/inference/compare/${c.id}`)}
            emptyText={t('list.empty')}
            testId="compare-table"
          />
        </Group>
      )}
      {allowed && <CompareAddDialog opened={addOpen} onClose={() => setAddOpen(false)} />}
    </PageFrame>
  );
}
