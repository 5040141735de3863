// /admin/statistics/train and /trend: training statistics and the monthly trend over every company.
import { useTranslation } from 'react-i18next';
import { UsagePage } from '../components/UsagePage';

export default function AdminStatisticsPage() {
  const { t } = useTranslation('usage');
  return (
    <UsagePage
      title={t('adminStatistics')}
      base="/admin/statistics"
      scope="all"
      tabs={['train', 'trend']}
      testId="admin-statistics"
    />
  );
}
