// One notice: title, scope, dates, body and attachments; a PDF opens inline with pdf.js for readers who
// are not signed in (the /pdfViewer page needs a session).
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NoticeAttachment, NoticeDetail } from '@sightline/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/store';
import { AttachmentList } from './AttachmentList';
import { NoticeContent } from './NoticeContent';
import { ScopeBadge } from './NoticeTable';
import { PdfViewer } from './PdfViewer';

export function NoticeView({ notice }: { notice: NoticeDetail }) {
  const { t } = useTranslation('notice');
  const signedIn = useSession((s) => !!s.user);
  const [preview, setPreview] = useState<NoticeAttachment | null>(null);
  return (
    <Stack gap="md" data-testid="notice-view">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="xs">
          <Group gap="xs">
            <ScopeBadge n={notice} />
          </Group>
          <Title order={2} fz={22} data-testid="notice-title">
            {notice.title}
          </Title>
          <Text size="sm" c="dimmed">
            {notice.author_name ?? '-'} · {t('updatedAt')}{' '}
            {dayjs(notice.updated_at).format('YYYY-MM-DD HH:mm')}
          </Text>
          <Divider my="sm" />
          <NoticeContent html={notice.content} />
          <Divider my="sm" />
          <AttachmentList
            noticeId={notice.id}
            items={notice.attachments}
            signedIn={signedIn}
            onPreview={setPreview}
          />
        </Stack>
      </Paper>
      {preview && <PdfViewer url={preview.url} height={560} />}
    </Stack>
  );
}
