// /admin/algorithm: registered algorithms filtered by text, type and work type.
import { Badge, Button, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ALGORITHM_KINDS, VISION_TASKS, type AlgorithmRecord } from '@sightline/domain';
import { useAlgorithmList } from '../api/algorithms';
import { FilterBar } from '../../../components/list/FilterBar';
import { PageFrame } from '../../../components/PageFrame';
import { ListTable } from '../../../components/list/ListTable';
import type { Column } from '../../../components/list/ServerTable';
import { useListQuery } from '../../../hooks/useListQuery';
import { formatDate } from '../../../utils/format';
import { localized } from '../utils/localized';

const FILTERS = ['q', 'kind', 'workType'] as const;

export default function AlgorithmListPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { list, data, isLoading } = useListQuery(FILTERS, 'updatedAt', useAlgorithmList);

  const columns: Column<AlgorithmRecord>[] = [
    { key: 'id', header: 'ID', sortKey: 'id', width: 60, render: (a) => a.id },
    { key: 'name', header: t('algorithm.name'), render: (a) => localized(a.name) },
    { key: 'engineKey', header: t('algorithm.engine'), sortKey: 'engineKey', render: (a) => a.engineKey },
    {
      key: 'kind',
      header: t('algorithm.kind'),
      sortKey: 'kind',
      render: (a) => (
        <Badge
          tt="none"
          variant="light"
          color={a.kind === 'training' ? 'blue' : a.kind === 'ai_labeling' ? 'grape' : 'teal'}
        >
          {t(`algorithm.kinds.${a.kind}`)}
        </Badge>
      ),
    },
    {
      key: 'workType',
      header: t('algorithm.workType'),
      sortKey: 'workType',
      render: (a) => t(`algorithm.workTypes.${a.workType}`),
    },
    {
      key: 'scope',
      header: t('algorithm.scope'),
      render: (a) =>
        a.scope === 'all' ? t('algorithm.scopeAll') : t('algorithm.scopeCount', { count: a.projects.length }),
    },
    {
      key: 'updatedAt',
      header: t('common.updatedAt'),
      sortKey: 'updatedAt',
      render: (a) => formatDate(a.updatedAt),
    },
  ];

  return (
    <PageFrame
      title={t('algorithm.listTitle')}
      testId="algorithm-list"
      actions={
        <Button component={Link} to="/admin/algorithm/create" leftSection={<IconPlus size={16} />}>
          {t('algorithm.create')}
        </Button>
      }
    >
      <FilterBar values={list.filters} onApply={list.setFilters}>
        {(d, set) => (
          <>
            <TextInput
              label={t('algorithm.search')}
              placeholder={t('algorithm.searchPlaceholder')}
              value={d.q}
              onChange={(e) => set('q', e.currentTarget.value)}
              w={240}
            />
            <Select
              label={t('algorithm.kind')}
              placeholder={t('common.all')}
              clearable
              w={170}
              value={d.kind || null}
              onChange={(v) => set('kind', v ?? '')}
              data={ALGORITHM_KINDS.map((k) => ({ value: k, label: t(`algorithm.kinds.${k}`) }))}
            />
            <Select
              label={t('algorithm.workType')}
              placeholder={t('common.all')}
              clearable
              w={170}
              value={d.workType || null}
              onChange={(v) => set('workType', v ?? '')}
              data={VISION_TASKS.map((k) => ({ value: k, label: t(`algorithm.workTypes.${k}`) }))}
            />
          </>
        )}
      </FilterBar>
      <ListTable
        columns={columns}
        list={list}
        data={data}
        loading={isLoading}
        rowKey={(a) => a.id}
        onRowClick={(a) => navigate(`/admin/algorithm/${a.id}`)}
        emptyText={t('algorithm.empty')}
      />
    </PageFrame>
  );
}
