// One download request: success -> download button and removal countdown, error -> Error badge,
// otherwise a progress bar and a 'requesting' placeholder for the file name (SPEC §4).
import { Badge, Button, Group, Progress, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DownloadRequestItem } from '../api/download-requests.api';
import { clampProgress, downloadRowState, removalDays } from '../utils/download-item';

interface Props {
  item: DownloadRequestItem;
  fileUrl: string;
  now: Date;
}

export function DownloadRequestRow({ item, fileUrl, now }: Props) {
  const { t } = useTranslation('download');
  const state = downloadRowState(item.status);
  const progress = clampProgress(item.progress);
  const days = removalDays(item, now);
  return (
    <Table.Tr data-testid="download-row" data-state={state}>
      <Table.Td>
        <Text size="sm" fw={500} lineClamp={1}>
          {item.work_name ?? '-'}
        </Text>
      </Table.Td>
      <Table.Td>
        {item.file_name ? (
          <Text size="sm" lineClamp={1} data-testid="download-file-name">
            {item.file_name}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('requesting')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{item.file_count}</Table.Td>
      <Table.Td>
        <Text size="sm">{dayjs(item.created_at).format('YYYY-MM-DD HH:mm')}</Text>
      </Table.Td>
      <Table.Td w={230}>
        {state === 'success' && (
          <Group gap="xs" wrap="nowrap">
            <Button
              component="a"
              href={fileUrl}
              target="_blank"
              rel="noopener"
              size="xs"
              leftSection={<IconDownload size={14} />}
              data-testid="download-file"
            >
              {t('download')}
            </Button>
            {days > 0 && (
              <Badge variant="light" color="gray" data-testid="removal-badge">
                {t('removalBadge', { days })}
              </Badge>
            )}
          </Group>
        )}
        {state === 'error' && (
          <Badge color="red" variant="filled">
            {t('error')}
          </Badge>
        )}
        {state === 'progress' && (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={progress}
              w={140}
              size="lg"
              animated
              aria-label={t('progress', { value: progress })}
            />
            <Text size="xs" c="dimmed" w={36}>
              {progress}%
            </Text>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
