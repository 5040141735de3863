// The page around LearningForm: /train/learning/add (?dataset=ID preselects the dataset) and
// /train/learning/relearning (also ?base=ID, the model to continue, as the model page's "Relearn" button does).
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { LearningForm } from '../components/LearningForm';

/** A positive whole number from the query string, else undefined. */
function idParam(params: URLSearchParams, name: string): number | undefined {
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function LearningFormPage({ mode }: { mode: 'add' | 'relearn' }) {
  const { t } = useTranslation('learning');
  const [params] = useSearchParams();
  const relearn = mode === 'relearn';
  return (
    <PageFrame
      title={relearn ? t('form.relearnTitle') : t('form.addTitle')}
      back={{ to: '/train/learning', label: t('form.back') }}
      testId={relearn ? 'learning-relearn-page' : 'learning-add-page'}
    >
      <LearningForm
        mode={mode}
        initialBaseId={relearn ? idParam(params, 'base') : undefined}
        initialDatasetId={idParam(params, 'dataset')}
      />
    </PageFrame>
  );
}
