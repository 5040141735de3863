// The image grid of a dataset: filter, 1 to 20 columns, 30 per page, selection, deletion and the viewer.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DatasetErrorCode, IMAGES_PER_PAGE, type DatasetDetail, type ImageFilter } from '@sightline/domain';
import { confirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { flash, flashError } from '../../../components/flash';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { handleApiError } from '../../../api/error-handler';
import { useDeleteImages } from '../api/dataset-mutations.api';
import { useDatasetImages } from '../api/datasets.api';
import { codeMessage } from '../utils/code-message';
import { ImageCard } from './ImageCard';
import { ImageToolbar } from './ImageToolbar';
import { ImageViewerModal } from './ImageViewerModal';

interface Props {
  dataset: DatasetDetail;
  folderId: number | undefined;
  classId: number | 'none' | undefined;
}

export function DatasetImages({ dataset, folderId, classId }: Props) {
  const { t } = useTranslation('dataset');
  const [filter, setFilter] = useState<ImageFilter>('all');
  const [page, setPage] = useState(1);
  const [columns, setColumns] = useLocalStorage({ key: 'sightline.dataset.gridColumns', defaultValue: 6 });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewer, setViewer] = useState<number | null>(null);
  const images = useDatasetImages(dataset.id, { filter, folderId, classId, page });
  const remove = useDeleteImages(dataset.id);

  // A new filter, folder or class is a new search: back to page 1 with nothing selected.
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [filter, folderId, classId, dataset.id]);

  const rows = useMemo(() => images.data?.data ?? [], [images.data]);
  const total = images.data?.total ?? 0;
  const classesById = useMemo(() => new Map(dataset.classes.map((c) => [c.id, c])), [dataset.classes]);
  const folderName = useMemo(() => new Map(dataset.folders.map((f) => [f.id, f.name])), [dataset.folders]);
  const onPage = rows.filter((r) => selected.has(r.id)).length;

  const toggle = useCallback((id: string) => {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const open = useCallback((id: string) => setViewer(rows.findIndex((r) => r.id === id)), [rows]);
  const selectPage = (on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const r of rows)
        if (on) next.add(r.id);
        else next.delete(r.id);
      return next;
    });

  const deleteSelected = async () => {
    if (selected.size === 0) return flashError(codeMessage(DatasetErrorCode.ImageSelectionRequired));
    if (dataset.locked) return flashError(codeMessage(DatasetErrorCode.ImageDeleteDuringVerification));
    const ok = await confirm({
      title: t('detail.deleteTitle'),
      message: t('detail.deleteConfirm', { count: selected.size }),
      danger: true,
    });
    if (!ok) return;
    try {
      const res = await remove.mutateAsync([...selected]);
      flash('success', t('detail.deleted', { count: res?.deleted ?? selected.size }));
      setSelected(new Set());
    } catch (err) {
      handleApiError(err);
    }
  };

  const current = viewer != null ? rows[viewer] : undefined;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="image-section">
      <Stack gap="sm">
        <ImageToolbar
          filter={filter}
          onFilter={setFilter}
          columns={columns}
          onColumns={setColumns}
          total={total}
          pageSelected={onPage === 0 ? 'none' : onPage === rows.length ? 'all' : 'some'}
          onSelectPage={selectPage}
        />
        <Group justify="flex-end" gap="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            onClick={() => void deleteSelected()}
            loading={remove.isPending}
            data-testid="delete-images"
          >
            {t('detail.deleteSelected', { count: selected.size })}
          </Button>
        </Group>
        {images.isError && (
          <Alert color="red" variant="light">
            {t('grid.loadError')}
          </Alert>
        )}
        {images.isPending && <Spinner />}
        {!images.isPending && rows.length === 0 && <EmptyState message={t('grid.empty')} />}
        {rows.length > 0 && (
          <SimpleGrid
            cols={columns}
            spacing={columns > 10 ? 4 : 'xs'}
            verticalSpacing={columns > 10 ? 4 : 'xs'}
            data-testid="image-grid"
          >
            {rows.map((img) => (
              <ImageCard
                key={img.id}
                image={img}
                cls={img.class_id != null ? classesById.get(img.class_id) : undefined}
                selected={selected.has(img.id)}
                compact={columns > 8}
                onToggle={toggle}
                onOpen={open}
              />
            ))}
          </SimpleGrid>
        )}
        <Pager page={page} total={total} perPage={IMAGES_PER_PAGE} onChange={setPage} />
      </Stack>
      <ImageViewerModal
        image={
          current
            ? {
                id: current.id,
                fileName: current.file_name,
                url: current.original_url,
                folder: folderName.get(current.folder_id),
                className: current.class_id != null ? classesById.get(current.class_id)?.name : null,
                classColor: current.class_id != null ? classesById.get(current.class_id)?.color : null,
              }
            : null
        }
        onClose={() => setViewer(null)}
        onPrev={viewer != null && viewer > 0 ? () => setViewer(viewer - 1) : undefined}
        onNext={viewer != null && viewer < rows.length - 1 ? () => setViewer(viewer + 1) : undefined}
      />
    </Paper>
  );
}
