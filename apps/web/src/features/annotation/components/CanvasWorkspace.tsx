// The od/sg workspace (target regions in both): image list on top, then tools | canvas | info area.
import { Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import type { DatasetDetail, ImageFilter } from '@sightline/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { flash } from '../../../components/flash';
import { EditSessionWarning } from '../../../hooks/EditSessionWarning';
import { useEditSession } from '../../../hooks/useEditSession';
import { AnnotationCanvas } from '../canvas/canvas';
import { useWorkspaceImages, type WorkspaceWork } from '../api/workspace.api';
import { useDocumentSession } from '../hooks/useDocumentSession';
import { useSaveQueue } from '../hooks/useSaveQueue';
import { useSegmenter } from '../hooks/useSegmenter';
import { classIndexOfKey, isTyping, TOOL_KEYS, TOOLS_OF } from '../utils/shortcuts';
import { ImageStrip } from './ImageStrip';
import { SaveBadge } from './SaveBadge';
import { SegmentModelPanel } from './SegmentModelPanel';
import { ShortcutHelp } from './ShortcutHelp';
import { ClassInfo, DataList } from './SidePanels';
import { ToolBar } from './ToolBar';

const PER_PAGE = 32;
/** Inactivity allowed in an editing session (the work's edit lock lives 10 minutes). */
export const EDIT_TIMEOUT_MS = 10 * 60_000;
/** SPEC §9: the workspace is 720 px high; on a short screen it shrinks so the whole canvas stays in view. */
const WORKSPACE_HEIGHT = 'min(720px, calc(100vh - 250px))';

export interface WorkspaceProps {
  work: WorkspaceWork;
  dataset: DatasetDetail;
  task: 'od' | 'sg';
  readOnly: string | null;
}

export function CanvasWorkspace({ work, dataset, task, readOnly }: WorkspaceProps) {
  const { t } = useTranslation('annotation');
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const [canvas, setCanvas] = useState<AnnotationCanvas | null>(null);
  const [filter, setFilter] = useState<ImageFilter>('all');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(1);
  const [folded, setFolded] = useState(false);
  const [help, setHelp] = useState(false);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [classId, setClassId] = useState(String(dataset.classes[0]?.id ?? ''));
  const images = useWorkspaceImages(dataset.id, filter, page, PER_PAGE);
  const list = useMemo(() => images.data?.data ?? [], [images.data]);
  const current = list.find((i) => i.id === currentId) ?? null;
  const { queue, status, online } = useSaveQueue(dataset.id);
  const colors = useRef(new Map<string, string>());
  colors.current = new Map(dataset.classes.map((c) => [String(c.id), c.color]));

  useEffect(() => {
    if (!host.current) return;
    const c = new AnnotationCanvas(host.current, { colorOf: (id) => colors.current.get(id) ?? '#fa5252' });
    setCanvas(c);
    (window as unknown as { __annotationCanvas?: AnnotationCanvas }).__annotationCanvas = c;
    const off = c.on('error', (e) =>
      flash(e.code === 'readOnly' ? 'warning' : 'error', t(`errors.${e.code}`)),
    );
    return () => {
      off();
      c.destroy();
    };
  }, [t]);
  useEffect(() => canvas?.setReadOnly(readOnly != null), [canvas, readOnly]);
  useEffect(() => canvas?.setClass(classId), [canvas, classId]);
  useEffect(() => {
    if (!currentId && list[0]) setCurrentId(list[0].id);
  }, [list, currentId]);
  useSegmenter(canvas, dataset.id, current);

  const { saveNow, ready } = useDocumentSession(canvas, dataset.id, current, queue, readOnly != null);
  const session = useEditSession({
    timeoutMs: EDIT_TIMEOUT_MS,
    enabled: readOnly == null,
    onAutosave: () => saveNow(),
    onEnd: () => navigate('/train/processing'),
  });

  const step = (d: number) => {
    const i = list.findIndex((x) => x.id === currentId);
    const next = list[i + d];
    if (next) setCurrentId(next.id);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || !canvas) return;
      if (e.key === '?') return setHelp((h) => !h);
      if (canvas.handleKey(e)) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key.toLowerCase();
      const tool = TOOL_KEYS.find(([tt, key]) => key === k && TOOLS_OF[task].includes(tt));
      if (tool) return canvas.setTool(tool[0]);
      const ci = classIndexOfKey(e.key);
      if (ci >= 0 && dataset.classes[ci]) return setClassId(String(dataset.classes[ci].id));
      if (k === 'd' || e.key === 'ArrowRight') return step(1);
      if (k === 'a' || e.key === 'ArrowLeft') return step(-1);
      if (k === 'f') return canvas.fit();
      if (e.key === '[') return canvas.setBrushSize(canvas.store.get().brushSize - 2);
      if (e.key === ']') return canvas.setBrushSize(canvas.store.get().brushSize + 2);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Stack gap={10} data-testid={`workspace-${task}`}>
      <Group justify="space-between">
        <Group gap={10}>
          <Title order={1} fz={22}>
            {t(`title.${task}`)}
          </Title>
          <Text c="dimmed">{work.name}</Text>
          {current && (
            <Badge variant="light" data-testid="current-file">
              {current.file_name}
            </Badge>
          )}
          {readOnly != null && (
            <Badge color="gray" data-testid="read-only-badge" title={readOnly}>
              {t('readOnly')}
            </Badge>
          )}
        </Group>
        <Group gap={8}>
          {!online && (
            <Badge
              color="orange"
              leftSection={<IconWifiOff size={12} />}
              data-testid="offline-badge"
              title={t('offline')}
            >
              offline
            </Badge>
          )}
          <SaveBadge status={status} />
          {readOnly == null && (
            <Button size="xs" variant="light" onClick={() => void saveNow(true)} data-testid="confirm-image">
              {t('confirm')}
            </Button>
          )}
        </Group>
      </Group>
      {readOnly != null && (
        <Text size="sm" c="dimmed">
          {readOnly}
        </Text>
      )}
      <ImageStrip
        images={list}
        classes={dataset.classes}
        currentId={currentId}
        selected={new Set(currentId ? [currentId] : [])}
        onPick={(id) => setCurrentId(id)}
        filter={filter}
        onFilter={(f) => {
          setFilter(f);
          setPage(1);
          setCurrentId(null);
        }}
        rows={rows}
        onRows={setRows}
        folded={folded}
        onFold={setFolded}
        page={page}
        pages={Math.ceil((images.data?.total ?? 0) / PER_PAGE)}
        onPage={(p) => {
          setPage(p);
          setCurrentId(null);
        }}
        columns={8}
      />
      <Group align="stretch" gap={10} wrap="nowrap" style={{ height: WORKSPACE_HEIGHT, minHeight: 380 }}>
        <Paper withBorder radius="md" p={4}>
          <ToolBar canvas={canvas} tools={TOOLS_OF[task]} onHelp={() => setHelp(true)} />
        </Paper>
        <Box
          ref={host}
          style={{ flex: 1, minWidth: 0, borderRadius: 8, overflow: 'hidden' }}
          data-testid="annotation-canvas"
          data-ready={ready ? 'true' : 'false'}
        />
        <Stack w={325} gap={10} style={{ flex: 'none' }}>
          <ClassInfo classes={dataset.classes} current={classId} onPick={setClassId} />
          <DataList canvas={canvas} classes={dataset.classes} />
          {task === 'sg' && <SegmentModelPanel projectId={dataset.project_id} readOnly={!!readOnly} />}
        </Stack>
      </Group>
      <ShortcutHelp opened={help} onClose={() => setHelp(false)} cf={false} tools={TOOLS_OF[task]} />
      <EditSessionWarning session={session} />
    </Stack>
  );
}
