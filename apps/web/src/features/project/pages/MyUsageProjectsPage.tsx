// /my/usage-projects: the projects I use, with their usage period, days left and limits. The server
// scopes the list (members see their own projects, admins what they administer).
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ProjectRecord } from '@sightline/domain';
import { useSession } from '../../../session/store';
import { useProjectList } from '../api/projects';
import { ListPage } from '../../../components/list/ListPage';
import { PermissionBadges } from '../../participant/components/PermissionBadges';
import type { Column } from '../../../components/list/ServerTable';
import { formatPeriod } from '../../../utils/format';
import { daysLeft } from '../utils/days-left';

const SOON_DAYS = 14;

function UsageBadge({ endDate }: { endDate: string | null }) {
  const { t } = useTranslation('my');
  const left = daysLeft(endDate);
  if (left === null)
    return (
      <Badge color="gray" variant="light" tt="none">
        {t('usage.unlimited')}
      </Badge>
    );
  if (left < 0)
    return (
      <Badge color="red" variant="light" tt="none">
        {t('usage.expired')}
      </Badge>
    );
  return (
    <Badge color={left <= SOON_DAYS ? 'orange' : 'teal'} variant="light" tt="none">
      {t('usage.daysLeft', { count: left })}
    </Badge>
  );
}

export default function MyUsageProjectsPage() {
  const { t } = useTranslation('my');
  const { t: ta } = useTranslation('admin');
  const mine = useSession((s) => s.user?.projects ?? []);
  const limit = (n: number | null) => (n === null ? ta('project.unlimited') : n.toLocaleString());

  const columns: Column<ProjectRecord>[] = [
    { key: 'code', header: ta('project.code'), sortKey: 'code', render: (p) => p.code },
    { key: 'title', header: ta('project.title'), sortKey: 'title', render: (p) => p.title },
    { key: 'company', header: ta('project.company'), sortKey: 'company', render: (p) => p.company.name },
    {
      key: 'period',
      header: ta('project.period'),
      sortKey: 'endDate',
      render: (p) => formatPeriod(p.startDate, p.endDate) ?? '-',
    },
    {
      key: 'status',
      header: t('usage.status'),
      width: 110,
      render: (p) => <UsageBadge endDate={p.endDate} />,
    },
    { key: 'upload', header: ta('project.uploadLimit'), render: (p) => limit(p.uploadLimit) },
    { key: 'learning', header: ta('project.learningLimit'), render: (p) => limit(p.learningLimit) },
    { key: 'lines', header: ta('project.lineCount'), render: (p) => p.lineCount },
    {
      key: 'permissions',
      header: t('usage.myPermissions'),
      render: (p) => <PermissionBadges permissions={mine.find((m) => m.id === p.id)?.permissions ?? []} />,
    },
  ];

  return (
    <ListPage
      title={t('usage.title')}
      testId="usage-projects"
      filters={[
        {
          key: 'q',
          kind: 'text',
          label: ta('project.search'),
          placeholder: ta('project.searchPlaceholder'),
          width: 260,
        },
      ]}
      defaultSort="endDate"
      usePage={useProjectList}
      columns={columns}
      rowKey={(p) => p.id}
      emptyText={t('usage.empty')}
    />
  );
}
