// /notices/{id}: one notice (404 when the reader may not see it).
import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useNotice } from '../api/notices.api';
import { NoticeView } from '../components/NoticeView';

export default function NoticeDetailPage() {
  const { t } = useTranslation('notice');
  const id = Number(useParams().id);
  const { data, isLoading, isError } = useNotice(Number.isFinite(id) ? id : null);
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Anchor component={Link} to="/notices" size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('listTitle')}
        </Group>
      </Anchor>
      {isLoading ? (
        <Spinner />
      ) : isError || !data ? (
        <EmptyState message={t('notFound')} />
      ) : (
        <NoticeView notice={data} />
      )}
    </Stack>
  );
}
