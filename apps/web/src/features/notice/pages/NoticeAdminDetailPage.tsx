// /admin/notice/{id} and /admin/notice/company/{id}: a notice as readers see it, with edit and delete.
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { confirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { PageFrame } from '../../../components/PageFrame';
import { Spinner } from '../../../components/Spinner';
import { flash } from '../../../components/flash';
import { handleApiError } from '../../../api/error-handler';
import { deleteNotice, noticeKeys, useNotice } from '../api/notices.api';
import { NoticeView } from '../components/NoticeView';

export default function NoticeAdminDetailPage() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const base = useLocation().pathname.startsWith('/admin/notice/company')
    ? '/admin/notice/company'
    : '/admin/notice';
  const { data, isLoading } = useNotice(id);
  const remove = async () => {
    if (!(await confirm({ title: t('admin.deleteTitle'), message: t('admin.deleteConfirm'), danger: true })))
      return;
    try {
      await deleteNotice(id);
      await qc.invalidateQueries({ queryKey: noticeKeys.all });
      flash('success', t('admin.deleted'));
      void navigate(base);
    } catch (err) {
      handleApiError(err);
    }
  };
  return (
    <PageFrame
      title={t('admin.detailTitle')}
      back={{ to: base, label: t('admin.title') }}
      actions={
        data && (
          <>
            <Button variant="default" color="red" onClick={() => void remove()}>
              {t('admin.delete')}
            </Button>
            <Button component={Link} to={`${base}/${id}/edit`}>
              {t('admin.edit')}
            </Button>
          </>
        )
      }
    >
      {isLoading ? <Spinner /> : data ? <NoticeView notice={data} /> : <EmptyState message={t('notFound')} />}
    </PageFrame>
  );
}
