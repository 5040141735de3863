// /use-history (+ /train, /trend): usage status and monthly trend of every row the caller may see
// (the guard lets roles 1 and 2 in, SPEC §2).
import { useTranslation } from 'react-i18next';
import { UsagePage } from '../components/UsagePage';

export default function UseHistoryPage() {
  const { t } = useTranslation('usage');
  return (
    <UsagePage
      title={t('useHistory')}
      base="/use-history"
      scope="all"
      tabs={['status', 'train', 'trend']}
      testId="use-history"
    />
  );
}
