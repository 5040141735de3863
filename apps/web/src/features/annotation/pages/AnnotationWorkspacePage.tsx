// /train/processing/:id/{cf,od,sg} and their /result pages: the annotation workspaces. The result
// pages, a final-saved work and a work another user is editing open read only. An AI labeling work shows
// its proposals for review above the workspace (processing/data-works ProposalReviewPanel).
import { Alert, Loader } from '@mantine/core';
import { AI_LABELING_KINDS } from '@sightline/domain';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useWork, useWorkspaceDataset } from '../api/workspace.api';
import { useEditLock } from '../hooks/useEditLock';
import { CanvasWorkspace } from '../components/CanvasWorkspace';
import { ClassifyWorkspace } from '../components/ClassifyWorkspace';
import { ProposalReviewPanel } from '../../processing/data-works/components/ProposalReviewPanel';

export default function AnnotationWorkspacePage() {
  const { t } = useTranslation('annotation');
  const { id } = useParams();
  const { pathname } = useLocation();
  const task = (/\/(cf|od|sg)(\/|$)/.exec(pathname)?.[1] ?? 'od') as 'cf' | 'od' | 'sg';
  const isResult = /\/result(\/|$)/.test(pathname);
  const work = useWork(Number(id));
  const dataset = useWorkspaceDataset(work.data?.result_dataset_id);
  const editable =
    !!work.data && !isResult && !work.data.final_saved && work.data.availability !== 'in_use_other';
  const lock = useEditLock(Number(id), editable);
  if (work.isError) return <Alert color="red">{t('errors.noWork')}</Alert>;
  if (!work.data) return <Loader />;
  if (work.data.result_dataset_id == null) return <Alert color="orange">{t('errors.noDataset')}</Alert>;
  if (!dataset.data) return <Loader />;
  const w = work.data;
  const readOnly = isResult
    ? t('readOnlyReason.result')
    : w.final_saved
      ? t('readOnlyReason.final')
      : w.availability === 'in_use_other' || lock.lockedBy != null
        ? t('readOnlyReason.locked', { name: lock.lockedBy ?? w.locked_by_name ?? '' })
        : null;
  const workspace =
    task === 'cf' ? (
      <ClassifyWorkspace work={w} dataset={dataset.data} readOnly={readOnly} />
    ) : (
      <CanvasWorkspace work={w} dataset={dataset.data} task={task} readOnly={readOnly} />
    );
  if (!AI_LABELING_KINDS.has((w as { kind?: string }).kind ?? '')) return workspace;
  return (
    <>
      <ProposalReviewPanel workId={w.id} classes={dataset.data.classes} readOnly={readOnly != null} />
      {workspace}
    </>
  );
}
