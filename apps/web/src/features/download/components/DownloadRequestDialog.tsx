// The download-request list modal (SPEC §2): Dataset/Result tabs, refresh, 10 per page, empty state,
// a cancel note and Close. Outside clicks and Escape do not close it.
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_LIST } from '@sightline/domain';
import { EmptyState } from '../../../components/EmptyState';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { useDownloadRequests } from '../api/download-requests.api';
import { downloadFileUrl, initialDownloadTab, type DownloadTab } from '../utils/download-item';
import { DownloadRequestRow } from './DownloadRequestRow';

export interface DownloadRequestDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Current route name or path; decides the opening tab. */
  routeName: string;
  projectId: number | undefined;
  projectCode: string;
  username: string;
  imageBase: string;
}

export function DownloadRequestDialog(props: DownloadRequestDialogProps) {
  const { opened, onClose, routeName, projectId, projectCode, username, imageBase } = props;
  const { t } = useTranslation('download');
  const [tab, setTab] = useState<DownloadTab>(() => initialDownloadTab(routeName));
  const [page, setPage] = useState(1);
  const query = useDownloadRequests(tab, projectId, page, opened);

  // Every opening starts a new search: the tab follows the route and the list goes back to page 1.
  useEffect(() => {
    if (opened) {
      setTab(initialDownloadTab(routeName));
      setPage(1);
    }
  }, [opened, routeName]);

  const refresh = () => {
    if (page !== 1) setPage(1);
    else void query.refetch();
  };
  const changeTab = (value: string | null) => {
    if (value !== 'dataset' && value !== 'result') return;
    setTab(value);
    setPage(1);
  };

  const items = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const now = new Date(query.dataUpdatedAt || Date.now());
  // A failed load just stops the spinner (SPEC §8).
  const loading = query.isPending && query.fetchStatus === 'fetching';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size={960}
      title={<Text fw={700}>{t('title')}</Text>}
      data-testid="download-modal"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Tabs value={tab} onChange={changeTab}>
            <Tabs.List>
              <Tabs.Tab value="dataset" data-testid="download-tab-dataset">
                {t('tabs.dataset')}
              </Tabs.Tab>
              <Tabs.Tab value="result" data-testid="download-tab-result">
                {t('tabs.result')}
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Tooltip label={t('refresh')}>
            <ActionIcon variant="default" size="lg" onClick={refresh} aria-label={t('refresh')}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>

        {/* 10 rows fit a 768 px high window with the header, pager and footer still visible. */}
        <ScrollArea.Autosize mah={380} type="auto">
          <Table verticalSpacing={6} highlightOnHover stickyHeader miw={800}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.workName')}</Table.Th>
                <Table.Th>{t('columns.fileName')}</Table.Th>
                <Table.Th>{t('columns.fileCount')}</Table.Th>
                <Table.Th>{t('columns.createdAt')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <DownloadRequestRow
                  key={String(item.job_id)}
                  item={item}
                  now={now}
                  fileUrl={downloadFileUrl(
                    imageBase,
                    { ...item, project_code: item.project_code || projectCode },
                    username,
                  )}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {loading && <Spinner minHeight={120} />}
        {!loading && items.length === 0 && <EmptyState message={t('empty')} py={32} />}
        <Pager page={page} total={total} perPage={DOWNLOAD_LIST.perPage} onChange={setPage} />
        <Group justify="space-between">
          <Text size="xs" c="dimmed" data-testid="download-cancel-note">
            {t('cancelNote')}
          </Text>
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
