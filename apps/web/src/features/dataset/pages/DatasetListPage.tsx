// The datasets of the current project, with search, pager and upload.
import { useState } from 'react';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PAGER } from '@sightline/domain';
import { EmptyState } from '../../../components/EmptyState';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../session/store';
import { useDatasets } from '../api/datasets.api';
import { DatasetTable } from '../components/DatasetTable';
import { DatasetUploadModal } from '../components/DatasetUploadModal';
import { datasetHref } from '../utils/dataset-href';

export function DatasetListPage() {
  const { t } = useTranslation('dataset');
  const navigate = useNavigate();
  const project = useSession((s) => s.currentProject);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [uploadOpen, setUploadOpen] = useState(false);
  const list = useDatasets(project?.id, debounced, page);
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="md" data-testid="dataset-list-page">
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {t('title')}
        </Title>
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={() => setUploadOpen(true)}
          disabled={!project}
          data-testid="open-upload"
        >
          {t('list.upload')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <TextInput
            w={300}
            leftSection={<IconSearch size={16} />}
            placeholder={t('list.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            data-testid="dataset-search"
          />
          {list.isPending && list.fetchStatus === 'fetching' ? (
            <Spinner />
          ) : rows.length === 0 ? (
            <EmptyState message={t('list.empty')} />
          ) : (
            <DatasetTable rows={rows} />
          )}
          <Pager page={page} total={list.data?.total ?? 0} perPage={PAGER.perPage} onChange={setPage} />
        </Stack>
      </Paper>
      {project && (
        <DatasetUploadModal
          opened={uploadOpen}
          onClose={() => setUploadOpen(false)}
          projectId={project.id}
          onUploaded={(id) => navigate(datasetHref(id))}
        />
      )}
    </Stack>
  );
}
