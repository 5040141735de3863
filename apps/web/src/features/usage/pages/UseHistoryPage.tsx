// /use-history (+ /train, /trend): usage status and monthly trend of every row the caller may see
// (the guard lets roles 1 and 2 in, SPEC §2).
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../config/AppConfigContext';
import { UsagePage } from '../components/UsagePage';

export default function UseHistoryPage() {
  const { t } = useTranslation('usage');
  // Resource monitoring is hidden in the public-cloud theme (SPEC §2).
  const cloud = useAppConfig().productName === 'cloud';
  return (
    <UsagePage
      title={t('useHistory')}
      base="/use-history"
      scope="all"
      tabs={['status', 'train', 'trend']}
      testId="use-history"
      links={[
        ...(cloud ? [] : [{ to: '/resource-monitoring', label: t('resourceMonitoring') }]),
        { to: '/my/statistics', label: t('myStatistics') },
      ]}
    />
  );
}
