// The cf workspace: an image array (1–20 columns, 1–4 rows visible per screen) where keys 1–9/0 give
// the selected images a class; arrows move, Shift/Ctrl extend the selection, the big preview shows the
// focused image. Labels are saved per image through the save queue (the document's `label`).
import { Badge, Box, Group, Image, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import type { DatasetDetail, DatasetImage, ImageFilter } from '@sightline/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { flash } from '../../../components/flash';
import { EditSessionWarning } from '../../../hooks/EditSessionWarning';
import { useEditSession } from '../../../hooks/useEditSession';
import { fetchDocument, useWorkspaceImages, type WorkspaceWork } from '../api/workspace.api';
import { useSaveQueue } from '../hooks/useSaveQueue';
import { classIndexOfKey, isTyping } from '../utils/shortcuts';
import { EDIT_TIMEOUT_MS } from './CanvasWorkspace';
import { ImageStrip } from './ImageStrip';
import { SaveBadge } from './SaveBadge';
import { ShortcutHelp } from './ShortcutHelp';
import { ClassInfo } from './SidePanels';

const PER_PAGE = 60;

export function ClassifyWorkspace({
  work,
  dataset,
  readOnly,
}: {
  work: WorkspaceWork;
  dataset: DatasetDetail;
  readOnly: string | null;
}) {
  const { t } = useTranslation('annotation');
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ImageFilter>('all');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(4);
  const [columns, setColumns] = useState(10);
  const [folded, setFolded] = useState(false);
  const [help, setHelp] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const anchor = useRef<string | null>(null);
  /** Labels given in this session (shown before the list reloads). */
  const [labels, setLabels] = useState<Map<string, number | null>>(new Map());
  const images = useWorkspaceImages(dataset.id, filter, page, PER_PAGE);
  const list = useMemo(() => images.data?.data ?? [], [images.data]);
  const { queue, status, online } = useSaveQueue(dataset.id);
  const session = useEditSession({
    timeoutMs: EDIT_TIMEOUT_MS,
    enabled: readOnly == null,
    onAutosave: () => queue?.flush(),
    onEnd: () => navigate('/train/processing'),
  });

  useEffect(() => {
    if (!focus && list[0]) {
      setFocus(list[0].id);
      setSelected(new Set([list[0].id]));
      anchor.current = list[0].id;
    }
  }, [list, focus]);

  const labelOf = (img: DatasetImage) =>
    labels.has(img.id) ? labels.get(img.id)! : (queue?.queuedFor(img.id)?.document.label ?? img.class_id);

  const pick = (id: string, mods: { shift: boolean; ctrl: boolean }) => {
    const ids = list.map((i) => i.id);
    if (mods.shift && anchor.current) {
      const [a, b] = [ids.indexOf(anchor.current), ids.indexOf(id)].sort((x, y) => x - y);
      setSelected(new Set(ids.slice(a, b + 1)));
    } else if (mods.ctrl) {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setSelected(next);
      anchor.current = id;
    } else {
      setSelected(new Set([id]));
      anchor.current = id;
    }
    setFocus(id);
  };

  const assign = async (classId: number) => {
    if (readOnly != null || !queue) return;
    const ids = list.filter((i) => selected.has(i.id)).map((i) => i.id);
    setLabels((m) => new Map([...m, ...ids.map((id): [string, number] => [id, classId])]));
    // Move on past the last labelled image, as a fast classifier expects.
    const last = Math.max(...ids.map((id) => list.findIndex((i) => i.id === id)));
    const next = list[last + 1];
    if (next) pick(next.id, { shift: false, ctrl: false });
    for (const id of ids) {
      try {
        const queued = queue.queuedFor(id);
        const base = queued
          ? { document: queued.document, rev: queued.rev }
          : await fetchDocument(dataset.id, id).then((d) => ({ document: d.document, rev: d.view.rev }));
        void queue.save({ imageId: id, rev: base.rev, document: { ...base.document, label: classId } });
      } catch (err) {
        flash('error', err instanceof Error ? err.message : t('errors.imageLoad'));
      }
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e)) return;
      if (e.key === '?') return setHelp((h) => !h);
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') {
        e.preventDefault();
        return setSelected(new Set(list.map((i) => i.id)));
      }
      const ci = classIndexOfKey(e.key);
      if (ci >= 0 && dataset.classes[ci] && !e.ctrlKey && !e.altKey)
        return void assign(dataset.classes[ci].id);
      const i = list.findIndex((x) => x.id === focus);
      const moves: Record<string, number> = {
        ArrowRight: 1,
        ArrowLeft: -1,
        ArrowDown: columns,
        ArrowUp: -columns,
        d: 1,
        a: -1,
      };
      const d = moves[e.key];
      if (d != null && list[i + d]) {
        e.preventDefault();
        pick(list[i + d]!.id, { shift: e.shiftKey, ctrl: false });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const focused = list.find((i) => i.id === focus);
  const counts = new Map<string, number>();
  for (const img of list) {
    const l = labelOf(img);
    if (l != null) counts.set(String(l), (counts.get(String(l)) ?? 0) + 1);
  }
  return (
    <Stack gap={10} data-testid="workspace-cf">
      <Group justify="space-between">
        <Group gap={10}>
          <Title order={1} fz={22}>
            {t('title.cf')}
          </Title>
          <Text c="dimmed">{work.name}</Text>
          {readOnly != null && (
            <Badge color="gray" data-testid="read-only-badge">
              {t('readOnly')}
            </Badge>
          )}
        </Group>
        <Group gap={8}>
          {!online && (
            <Badge color="orange" data-testid="offline-badge">
              offline
            </Badge>
          )}
          <SaveBadge status={status} />
          <Text size="xs" c="dimmed">
            cols
          </Text>
          <Slider
            w={120}
            min={1}
            max={20}
            value={columns}
            onChange={setColumns}
            size="xs"
            aria-label="columns"
          />
        </Group>
      </Group>
      <Group align="flex-start" gap={10} wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <ImageStrip
            images={list}
            classes={dataset.classes}
            currentId={focus}
            selected={selected}
            onPick={pick}
            filter={filter}
            onFilter={(f) => {
              setFilter(f);
              setPage(1);
              setFocus(null);
            }}
            rows={rows}
            onRows={setRows}
            folded={folded}
            onFold={setFolded}
            page={page}
            pages={Math.ceil((images.data?.total ?? 0) / PER_PAGE)}
            onPage={(p) => {
              setPage(p);
              setFocus(null);
            }}
            columns={columns}
            labelOf={labelOf}
          />
        </Box>
        <Stack w={325} gap={10} style={{ flex: 'none' }}>
          <Paper withBorder radius="md" p={6}>
            {focused ? (
              <Image
                src={focused.original_url}
                alt={focused.file_name}
                h={220}
                fit="contain"
                data-testid="cf-preview"
              />
            ) : (
              <Box h={220} />
            )}
            <Text size="xs" ta="center" mt={4} data-testid="current-file">
              {focused?.file_name}
            </Text>
          </Paper>
          <ClassInfo
            classes={dataset.classes}
            current={focused ? String(labelOf(focused) ?? '') : ''}
            onPick={(id) => void assign(Number(id))}
            counts={counts}
          />
        </Stack>
      </Group>
      <ShortcutHelp opened={help} onClose={() => setHelp(false)} cf />
      <EditSessionWarning session={session} />
    </Stack>
  );
}
