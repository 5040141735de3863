// /resource-monitoring (+ /train, /trend): running and waiting jobs right now (refreshed every 5 s), the
// trainings with their times, and the monthly trend of run hours and waiting. Hidden in the cloud theme.
import { useTranslation } from 'react-i18next';
import { UsagePage } from '../components/UsagePage';

export default function ResourceMonitoringPage() {
  const { t } = useTranslation('usage');
  return (
    <UsagePage
      title={t('resourceMonitoring')}
      base="/resource-monitoring"
      scope="all"
      tabs={['active', 'train', 'trend']}
      testId="resource-monitoring"
      links={[{ to: '/my/statistics', label: t('myStatistics') }]}
    />
  );
}
