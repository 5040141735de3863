// /pdfViewer/{id}?notice={noticeId}: a notice's PDF attachment in the pdf.js viewer (page navigation, zoom).
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useNotice } from '../api/notices.api';
import { PdfViewer } from '../components/PdfViewer';

export default function PdfViewerPage() {
  const { t } = useTranslation('notice');
  const attachmentId = useParams().id ?? '';
  const noticeId = Number(useSearchParams()[0].get('notice') ?? 0);
  const notice = useNotice(noticeId > 0 ? noticeId : null);
  const att = notice.data?.attachments.find((a) => a.id === attachmentId && a.is_pdf);
  return (
    <Stack gap="sm" data-testid="pdf-viewer-page">
      {noticeId > 0 && (
        <Anchor component={Link} to={`/notices/${noticeId}`} size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {notice.data?.title ?? t('listTitle')}
          </Group>
        </Anchor>
      )}
      <Title order={1} fz={22}>
        {att?.file_name ?? t('pdf.title')}
      </Title>
      {notice.isLoading ? (
        <Spinner />
      ) : att ? (
        <PdfViewer url={att.url} height="calc(100vh - 230px)" />
      ) : (
        <EmptyState message={t('pdf.none')} />
      )}
    </Stack>
  );
}
