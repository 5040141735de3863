// /my/statistics (+ /train, /trend): the caller's own work — what they requested.
import { useTranslation } from 'react-i18next';
import { UsagePage } from '../components/UsagePage';

export default function MyStatisticsPage() {
  const { t } = useTranslation('usage');
  return (
    <UsagePage
      title={t('myStatistics')}
      base="/my/statistics"
      scope="mine"
      tabs={['status', 'train', 'trend']}
      testId="my-statistics"
    />
  );
}
