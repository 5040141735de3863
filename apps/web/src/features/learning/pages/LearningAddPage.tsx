// /train/learning/add: a new training of the current project (?dataset=ID preselects the dataset).
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { LearningForm } from '../components/LearningForm';

export default function LearningAddPage() {
  const { t } = useTranslation('learning');
  const [params] = useSearchParams();
  const dataset = Number(params.get('dataset'));
  return (
    <PageFrame
      title={t('form.addTitle')}
      back={{ to: '/train/learning', label: t('form.back') }}
      testId="learning-add-page"
    >
      <LearningForm
        mode="add"
        initialDatasetId={Number.isInteger(dataset) && dataset > 0 ? dataset : undefined}
      />
    </PageFrame>
  );
}
