// /notices: the notices the reader may see (logged out: those for everyone), searchable, 10 per page.
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { Role } from '@sightline/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Pager } from '../../../components/Pager';
import { useSession } from '../../../session/store';
import { useNoticeList } from '../api/notices.api';
import { NoticeTable } from '../components/NoticeTable';

export default function NoticeListPage() {
  const { t } = useTranslation('notice');
  const role = useSession((s) => s.user?.role_id);
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const { data, isLoading } = useNoticeList({ page, q });
  const set = (next: Record<string, string>) => setParams({ q, page: '1', ...next }, { replace: true });
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%" data-testid="notice-list">
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {t('listTitle')}
        </Title>
        <Group>
          <TextInput
            placeholder={t('search')}
            leftSection={<IconSearch size={14} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && set({ q: text })}
            w={280}
          />
          {role === Role.SystemAdmin && (
            <Button component={Link} to="/admin/notice/create">
              {t('create')}
            </Button>
          )}
        </Group>
      </Group>
      <NoticeTable items={data?.data} loading={isLoading} hrefOf={(n) => `/notices/${n.id}`} />
      <Group justify="center">
        <Pager page={page} total={data?.total ?? 0} onChange={(p) => set({ page: String(p) })} />
      </Group>
    </Stack>
  );
}
