// /train/learning/relearning: continue a finished model with new or extra data of the same classes
// (?base=ID preselects the model, as the model page's "Relearn" button does; ?dataset=ID the dataset).
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { LearningForm } from '../components/LearningForm';

export default function RelearningPage() {
  const { t } = useTranslation('learning');
  const [params] = useSearchParams();
  const base = Number(params.get('base'));
  const dataset = Number(params.get('dataset'));
  return (
    <PageFrame
      title={t('form.relearnTitle')}
      back={{ to: '/train/learning', label: t('form.back') }}
      testId="learning-relearn-page"
    >
      <LearningForm
        mode="relearn"
        initialBaseId={Number.isInteger(base) && base > 0 ? base : undefined}
        initialDatasetId={Number.isInteger(dataset) && dataset > 0 ? dataset : undefined}
      />
    </PageFrame>
  );
}
