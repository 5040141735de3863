// /train/inference/{id}/result/cf|od|sg|ad: the result of a done evaluation (the task comes from the
// evaluation itself), with the result download request of the Result tab.
import { Alert, Badge, Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { Spinner } from '../../../components/shared';
import { useEvaluation } from '../api/evaluations.api';
import { useEvaluationActions } from '../hooks/useEvaluationActions';
import { AdResult, CfResult, OdResult, SgResult } from '../components/TaskResults';
import { detailHref } from '../utils/evaluation-format';

export default function EvaluationResultPage() {
  const { t } = useTranslation('evaluation');
  const id = Number(useParams().id);
  const q = useEvaluation(id);
  const actions = useEvaluationActions();
  const e = q.data;
  if (!e) return <Spinner />;
  const d = e.detail;
  const classNames = [...e.classes].sort((a, b) => a.index - b.index).map((c) => c.name);
  const props = { evaluationId: e.id, classNames };

  return (
    <PageFrame
      title={
        <Group gap="sm" component="span">
          {e.name}
          <Badge variant="light">{t(`tasks.${e.task}`)}</Badge>
        </Group>
      }
      testId="evaluation-result-page"
      back={{ to: detailHref(e.id, e.task), label: t('result.back') }}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={e.status !== 'done'}
          loading={actions.downloading}
          onClick={() => actions.download(e.id)}
          data-testid="result-download"
        >
          {t('actions.download')}
        </Button>
      }
    >
      {!d ? (
        <Alert color="gray" variant="light">
          {e.status === 'done' ? t('result.notReady') : t('detail.notDone')}
        </Alert>
      ) : d.task === 'cf' ? (
        <CfResult {...props} detail={d} />
      ) : d.task === 'od' ? (
        <OdResult {...props} detail={d} />
      ) : d.task === 'sg' ? (
        <SgResult {...props} detail={d} />
      ) : (
        <AdResult {...props} detail={d} />
      )}
    </PageFrame>
  );
}
