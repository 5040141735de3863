// A notice's attachments: PDFs open in the pdf.js viewer (/pdfViewer/{id} when signed in, inline on the
// notice otherwise: /pdfViewer is not a public page), other files download with the caller's token.
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import type { NoticeAttachment } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { handleApiError } from '../../../api/error-handler';
import { fetchAttachment } from '../api/notices.api';

const kb = (n: number) =>
  n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

async function download(a: NoticeAttachment) {
  try {
    const blob = await fetchAttachment(a.url);
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = a.file_name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch (err) {
    handleApiError(err);
  }
}

interface Props {
  noticeId: number;
  items: NoticeAttachment[];
  signedIn: boolean;
  onPreview?: (a: NoticeAttachment) => void;
}

export function AttachmentList({ noticeId, items, signedIn, onPreview }: Props) {
  const { t } = useTranslation('notice');
  if (items.length === 0) return null;
  return (
    <Stack gap={6} data-testid="notice-attachments">
      <Text fw={600} size="sm">
        {t('attachments')}
      </Text>
      {items.map((a) => (
        <Group key={a.id} gap="xs" wrap="nowrap">
          {a.is_pdf ? <IconFileTypePdf size={18} color="var(--sl-red)" /> : <IconPaperclip size={18} />}
          <Text size="sm" truncate>
            {a.file_name}
          </Text>
          <Badge variant="light" color="gray" size="xs">
            {kb(a.size)}
          </Badge>
          {a.is_pdf &&
            (signedIn ? (
              <Anchor
                component={Link}
                to={`/pdfViewer/${a.id}?notice=${noticeId}`}
                size="sm"
                data-testid="attachment-open-pdf"
              >
                {t('openPdf')}
              </Anchor>
            ) : (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onPreview?.(a)}
                data-testid="attachment-open-pdf"
              >
                {t('openPdf')}
              </Button>
            ))}
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() => void download(a)}
          >
            {t('download')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
