// /my/notifications: every notification of the caller, 10 per page (SPEC §9), filtered by read state,
// with mark-one-read (by opening) and mark-all-read.
import { Button, Group, Paper, SegmentedControl, Stack, Title, UnstyledButton } from '@mantine/core';
import { notificationPath } from '@sightline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { handleApiError } from '../../../api/error-handler';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  useNotificationPage,
  type ReadFilter,
} from '../api/notifications.api';
import { NotificationLine } from '../components/NotificationLine';

export default function MyNotificationsPage() {
  const { t } = useTranslation('notification');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ReadFilter>('all');
  const { data, isLoading } = useNotificationPage(page, filter);
  const refresh = () => qc.invalidateQueries({ queryKey: notificationKeys.all });
  const readAll = async () => {
    try {
      await markAllNotificationsRead();
      await refresh();
    } catch (err) {
      handleApiError(err);
    }
  };
  return (
    <Stack gap="md" data-testid="my-notifications">
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {t('title')}
        </Title>
        <Group>
          <SegmentedControl
            value={filter}
            onChange={(v) => {
              setFilter(v as ReadFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('filter.all') },
              { value: 'unread', label: t('filter.unread', { count: data?.unread ?? 0 }) },
              { value: 'read', label: t('filter.read') },
            ]}
          />
          <Button variant="light" onClick={readAll} disabled={!data?.unread} data-testid="mark-all-read">
            {t('markAllRead')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="lg" p="md">
        {isLoading ? (
          <Spinner />
        ) : !data || data.data.length === 0 ? (
          <EmptyState message={t('empty')} />
        ) : (
          <Stack gap={0}>
            {data.data.map((n) => (
              <UnstyledButton
                key={n.id}
                p="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="notification-row"
                data-read={n.is_read}
                onClick={() => {
                  void markNotificationRead(n.id).then(refresh).catch(handleApiError);
                  void navigate(notificationPath(n));
                }}
              >
                <NotificationLine n={n} />
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Paper>
      <Group justify="center">
        <Pager page={page} total={data?.total ?? 0} onChange={setPage} />
      </Group>
    </Stack>
  );
}
