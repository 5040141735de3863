// A page of notices: number, title (with scope and attachment marks), date; rows open the notice.
import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import { IconPaperclip, IconPinned } from '@tabler/icons-react';
import type { NoticeListItem } from '@sightline/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';

interface Props {
  items: NoticeListItem[] | undefined;
  loading: boolean;
  hrefOf(n: NoticeListItem): string;
  showScope?: boolean;
}

export function ScopeBadge({ n }: { n: Pick<NoticeListItem, 'scope' | 'company_name' | 'department'> }) {
  const { t } = useTranslation('notice');
  if (n.scope === 'all') return null;
  const label = n.scope === 'company' ? n.company_name : `${n.company_name} · ${n.department}`;
  return (
    <Badge
      size="xs"
      variant="light"
      color={n.scope === 'company' ? 'blue' : 'grape'}
      data-testid="notice-scope"
    >
      {t(`scope.${n.scope}`)}: {label}
    </Badge>
  );
}

export function NoticeTable({ items, loading, hrefOf, showScope = true }: Props) {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  if (loading) return <Spinner />;
  if (!items?.length) return <EmptyState message={t('empty')} />;
  return (
    <Paper withBorder radius="lg">
      <Table highlightOnHover verticalSpacing="sm" data-testid="notice-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t('no')}</Table.Th>
            <Table.Th>{t('title')}</Table.Th>
            <Table.Th w={140}>{t('author')}</Table.Th>
            <Table.Th w={140}>{t('updatedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((n) => (
            <Table.Tr
              key={n.id}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(hrefOf(n))}
              data-testid="notice-row"
            >
              <Table.Td>{n.pinned ? <IconPinned size={16} color="var(--sl-red)" /> : n.id}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={n.pinned ? 700 : 500} truncate>
                    {n.title}
                  </Text>
                  {n.attachment_count > 0 && <IconPaperclip size={14} />}
                  {showScope && <ScopeBadge n={n} />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {n.author_name ?? '-'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dayjs(n.updated_at).format('YYYY-MM-DD')}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
