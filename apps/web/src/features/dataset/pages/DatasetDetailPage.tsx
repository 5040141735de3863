// One dataset (/train/dataset?id=…): summary, folders (rename), class info (add, edit, merge, remove) and the image grid.
import { useState } from 'react';
import { Anchor, Box, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DatasetClass, DatasetFolder, ExportFormat } from '@sightline/domain';
import { EmptyState } from '../../../components/EmptyState';
import { flash } from '../../../components/flash';
import { Spinner } from '../../../components/Spinner';
import { handleApiError } from '../../../api/error-handler';
import { useSession } from '../../../session/store';
import { openDownloadModal } from '../../../shell/download-modal';
import { useRequestDownload } from '../api/dataset-mutations.api';
import { useDataset } from '../api/datasets.api';
import { ClassEditModal } from '../components/ClassEditModal';
import { ClassMergeModal } from '../components/ClassMergeModal';
import { ClassPanel } from '../components/ClassPanel';
import { ClassSetModal } from '../components/ClassSetModal';
import { DatasetImages } from '../components/DatasetImages';
import { DatasetSummaryCard } from '../components/DatasetSummaryCard';
import { DatasetUploadModal } from '../components/DatasetUploadModal';
import { FolderPanel } from '../components/FolderPanel';
import { FolderRenameModal } from '../components/FolderRenameModal';
import { ExportFormatSelect } from '../../processing/data-works/components/ExportFormatSelect';

export function DatasetDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('dataset');
  const project = useSession((s) => s.currentProject);
  const detail = useDataset(id);
  const requestDownload = useRequestDownload();
  const [folderId, setFolderId] = useState<number | undefined>();
  const [classId, setClassId] = useState<number | 'none' | undefined>();
  const [renaming, setRenaming] = useState<DatasetFolder | null>(null);
  const [editing, setEditing] = useState<DatasetClass | 'new' | null>(null);
  const [merging, setMerging] = useState(false);
  const [editingAll, setEditingAll] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat | null>(null);

  const back = (
    <Anchor component={Link} to="/train/dataset" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (detail.isPending) return <Spinner />;
  const dataset = detail.data;
  if (!dataset) {
    return (
      <Stack>
        {back}
        <EmptyState message={t('detail.notFound')} />
      </Stack>
    );
  }

  const onRequestDownload = async () => {
    if (!project) return;
    try {
      await requestDownload.mutateAsync({
        project_id: project.id,
        dataset_id: dataset.id,
        folder_ids: folderId ? [folderId] : undefined,
        format: format ?? undefined,
      });
      flash('success', t('detail.downloadRequested'));
      openDownloadModal();
    } catch (err) {
      handleApiError(err);
    }
  };

  return (
    <Stack gap="sm" data-testid="dataset-detail-page">
      {back}
      <Group justify="space-between">
        <Title order={1} fz={24} data-testid="dataset-name">
          {dataset.name}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            onClick={() => setUploadOpen(true)}
            data-testid="upload-more"
          >
            {t('detail.uploadMore')}
          </Button>
          <ExportFormatSelect type={dataset.type} value={format} onChange={setFormat} />
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => void onRequestDownload()}
            loading={requestDownload.isPending}
            data-testid="request-download"
          >
            {t('detail.requestDownload')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap="sm" w={270} style={{ flexShrink: 0 }}>
          <DatasetSummaryCard dataset={dataset} />
          <FolderPanel
            folders={dataset.folders}
            imageCount={dataset.image_count}
            selected={folderId}
            onSelect={setFolderId}
            onRename={setRenaming}
          />
          {/* Classes belong to classification datasets; the server refuses them elsewhere. */}
          {dataset.type === 'cf' && (
            <ClassPanel
              datasetId={dataset.id}
              classes={dataset.classes}
              unclassifiedCount={dataset.unclassified_count}
              problems={dataset.class_problems}
              selected={classId}
              onSelect={setClassId}
              onAdd={() => setEditing('new')}
              onEdit={setEditing}
              onMerge={() => setMerging(true)}
              onEditAll={() => setEditingAll(true)}
            />
          )}
        </Stack>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <DatasetImages dataset={dataset} folderId={folderId} classId={classId} />
        </Box>
      </Group>

      <FolderRenameModal
        datasetId={dataset.id}
        folder={renaming}
        folders={dataset.folders}
        onClose={() => setRenaming(null)}
      />
      <ClassEditModal
        datasetId={dataset.id}
        classes={dataset.classes}
        target={editing}
        onClose={() => setEditing(null)}
      />
      <ClassSetModal
        datasetId={dataset.id}
        classes={dataset.classes}
        opened={editingAll}
        onClose={() => setEditingAll(false)}
      />
      <ClassMergeModal
        datasetId={dataset.id}
        classes={dataset.classes}
        opened={merging}
        onClose={() => setMerging(false)}
      />
      {project && (
        <DatasetUploadModal
          opened={uploadOpen}
          onClose={() => setUploadOpen(false)}
          projectId={project.id}
          datasetId={dataset.id}
        />
      )}
    </Stack>
  );
}
