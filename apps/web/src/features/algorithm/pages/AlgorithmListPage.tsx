// /admin/algorithm: registered algorithms filtered by text, type and work type.
import { Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALGORITHM_KINDS, VISION_TASKS, type AlgorithmRecord } from '@sightline/domain';
import { useAlgorithmList } from '../api/algorithms';
import { ListPage } from '../../../components/list/ListPage';
import type { Column } from '../../../components/list/ServerTable';
import { formatDate } from '../../../utils/format';
import { localized } from '../utils/localized';

export default function AlgorithmListPage() {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('annotation');

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
    <ListPage
      title={t('algorithm.listTitle')}
      testId="algorithm-list"
      actions={
        <>
          <Button component={Link} to="/admin/algorithm/segment-model" variant="default">
            {ta('segmentModel.title')}
          </Button>
          <Button component={Link} to="/admin/algorithm/create" leftSection={<IconPlus size={16} />}>
            {t('algorithm.create')}
          </Button>
        </>
      }
      filters={[
        {
          key: 'q',
          kind: 'text',
          label: t('algorithm.search'),
          placeholder: t('algorithm.searchPlaceholder'),
          width: 240,
        },
        {
          key: 'kind',
          kind: 'select',
          label: t('algorithm.kind'),
          width: 170,
          data: ALGORITHM_KINDS.map((k) => ({ value: k, label: t(`algorithm.kinds.${k}`) })),
        },
        {
          key: 'workType',
          kind: 'select',
          label: t('algorithm.workType'),
          width: 170,
          data: VISION_TASKS.map((k) => ({ value: k, label: t(`algorithm.workTypes.${k}`) })),
        },
      ]}
      defaultSort="updatedAt"
      usePage={useAlgorithmList}
      columns={columns}
      rowKey={(a) => a.id}
      rowHref={(a) => `/admin/algorithm/${a.id}`}
      emptyText={t('algorithm.empty')}
    />
  );
}
