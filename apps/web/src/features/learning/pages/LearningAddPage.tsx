// /train/learning/add: a new training of the current project.
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { LearningForm } from '../components/LearningForm';

export default function LearningAddPage() {
  const { t } = useTranslation('learning');
  return (
    <PageFrame
      title={t('form.addTitle')}
      back={{ to: '/train/learning', label: t('form.back') }}
      testId="learning-add-page"
    >
      <LearningForm mode="add" />
    </PageFrame>
  );
}
