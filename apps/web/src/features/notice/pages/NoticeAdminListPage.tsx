// /admin/notice (notices for everyone) and /admin/notice/company (notices for one company or department):
// the management lists, with search and the create button of their group.
import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { Pager } from '../../../components/Pager';
import { useNoticeList } from '../api/notices.api';
import { NoticeTable } from '../components/NoticeTable';

export default function NoticeAdminListPage() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const company = useLocation().pathname.startsWith('/admin/notice/company');
  const base = company ? '/admin/notice/company' : '/admin/notice';
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<'notice' | 'cs'>('notice');
  const { data, isLoading } = useNoticeList({
    page,
    q,
    category,
    group: company ? 'company' : 'all',
    admin: true,
  });
  return (
    <PageFrame
      title={company ? t('admin.companyTitle') : t('admin.title')}
      testId="notice-admin-list"
      actions={
        <Button component={Link} to={`${base}/create`} data-testid="notice-create">
          {t('create')}
        </Button>
      }
    >
      <Group justify="space-between">
        <SegmentedControl
          value={company ? 'company' : 'all'}
          onChange={(v) => void navigate(v === 'company' ? '/admin/notice/company' : '/admin/notice')}
          data={[
            { value: 'all', label: t('admin.tabAll') },
            { value: 'company', label: t('admin.tabCompany') },
          ]}
        />
        <Group>
          <SegmentedControl
            value={category}
            onChange={(v) => {
              setCategory(v as 'notice' | 'cs');
              setPage(1);
            }}
            data={[
              { value: 'notice', label: t('category.notice') },
              { value: 'cs', label: t('category.cs') },
            ]}
          />
          <TextInput
            placeholder={t('search')}
            leftSection={<IconSearch size={14} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                setQ(text);
                setPage(1);
              }
            }}
            w={260}
          />
        </Group>
      </Group>
      <NoticeTable items={data?.data} loading={isLoading} hrefOf={(n) => `${base}/${n.id}`} />
      <Group justify="center">
        <Pager page={page} total={data?.total ?? 0} onChange={setPage} />
      </Group>
    </PageFrame>
  );
}
