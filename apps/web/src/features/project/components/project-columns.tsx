// Project table columns shared by the project list and a company's project tab.
import { useTranslation } from 'react-i18next';
import type { ProjectRecord } from '@sightline/domain';
import type { Column } from '../../../components/list/ServerTable';
import { formatDate, formatPeriod } from '../../../utils/format';

export function useProjectColumns(opts: { withCompany?: boolean } = {}): Column<ProjectRecord>[] {
  const { t } = useTranslation('admin');
  const cols: (Column<ProjectRecord> | false)[] = [
    { key: 'code', header: t('project.code'), sortKey: 'code', render: (p) => p.code },
    { key: 'title', header: t('project.title'), sortKey: 'title', render: (p) => p.title },
    opts.withCompany !== false && {
      key: 'company',
      header: t('project.company'),
      sortKey: 'company',
      render: (p) => p.company.name,
    },
    { key: 'lines', header: t('project.lineCount'), render: (p) => p.lineCount },
    { key: 'participants', header: t('project.participantCount'), render: (p) => p.participantCount },
    {
      key: 'period',
      header: t('project.period'),
      sortKey: 'endDate',
      render: (p) => formatPeriod(p.startDate, p.endDate) ?? t('project.unlimited'),
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (p) => formatDate(p.createdAt),
    },
  ];
  return cols.filter((c): c is Column<ProjectRecord> => c !== false);
}
