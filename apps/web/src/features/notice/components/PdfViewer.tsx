// A PDF viewer on pdf.js: page navigation (first, previous, number, next, last) and zoom (steps, fit
// to width). Used by /pdfViewer/{id} and inline on a notice's page (logged-out readers too).
import { ActionIcon, Box, Group, NumberInput, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconArrowAutofitWidth,
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { fetchAttachment } from '../api/notices.api';
import { openPdf, renderPage, type PdfDocument } from './pdf-document';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

export function PdfViewer({ url, height = 640 }: { url: string; height?: number | string }) {
  const { t } = useTranslation('notice');
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1);
  const [rendered, setRendered] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    let opened: PdfDocument | null = null;
    setDoc(null);
    setFailed(false);
    setPage(1);
    fetchAttachment(url)
      .then((blob) => blob.arrayBuffer())
      .then(openPdf)
      .then((d) => {
        opened = d;
        if (live) setDoc(d);
        else void d.destroy();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      void opened?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let live = true;
    renderPage(doc, page, scale, canvas.current)
      .then(() => live && setRendered(`${page}@${scale}`))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [doc, page, scale]);

  const pages = doc?.numPages ?? 0;
  const go = (p: number) => setPage(Math.min(Math.max(1, p), Math.max(1, pages)));
  const zoom = (dir: 1 | -1) => {
    const i = ZOOMS.findIndex((z) => z >= scale - 1e-6);
    const next = ZOOMS[Math.min(Math.max(0, (i < 0 ? ZOOMS.length - 1 : i) + dir), ZOOMS.length - 1)]!;
    setScale(next);
  };
  const fitWidth = async () => {
    if (!doc || !box.current) return;
    const p = await doc.getPage(page);
    const w = p.getViewport({ scale: 1 }).width;
    setScale(Math.max(0.25, Math.min(4, (box.current.clientWidth - 32) / w)));
  };

  if (failed) return <EmptyState message={t('pdf.failed')} />;
  return (
    <Paper withBorder radius="lg" data-testid="pdf-viewer" data-pages={pages} data-rendered={rendered}>
      <Group
        justify="space-between"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={4}>
          <ActionIcon variant="subtle" onClick={() => go(1)} disabled={page <= 1} aria-label={t('pdf.first')}>
            <IconChevronsLeft size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            onClick={() => go(page - 1)}
            disabled={page <= 1}
            aria-label={t('pdf.previous')}
            data-testid="pdf-prev"
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <NumberInput
            size="xs"
            w={64}
            min={1}
            max={Math.max(1, pages)}
            value={page}
            onChange={(v) => typeof v === 'number' && go(v)}
            aria-label={t('pdf.page')}
            data-testid="pdf-page"
            hideControls
          />
          <Text size="sm" c="dimmed" data-testid="pdf-page-count">
            / {pages}
          </Text>
          <ActionIcon
            variant="subtle"
            onClick={() => go(page + 1)}
            disabled={page >= pages}
            aria-label={t('pdf.next')}
            data-testid="pdf-next"
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            onClick={() => go(pages)}
            disabled={page >= pages}
            aria-label={t('pdf.last')}
          >
            <IconChevronsRight size={18} />
          </ActionIcon>
        </Group>
        <Group gap={4}>
          <ActionIcon
            variant="subtle"
            onClick={() => zoom(-1)}
            aria-label={t('pdf.zoomOut')}
            data-testid="pdf-zoom-out"
          >
            <IconZoomOut size={18} />
          </ActionIcon>
          <Text size="sm" w={48} ta="center" data-testid="pdf-zoom">
            {Math.round(scale * 100)}%
          </Text>
          <ActionIcon
            variant="subtle"
            onClick={() => zoom(1)}
            aria-label={t('pdf.zoomIn')}
            data-testid="pdf-zoom-in"
          >
            <IconZoomIn size={18} />
          </ActionIcon>
          <Tooltip label={t('pdf.fitWidth')}>
            <ActionIcon variant="subtle" onClick={() => void fitWidth()} aria-label={t('pdf.fitWidth')}>
              <IconArrowAutofitWidth size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box
        ref={box}
        h={height}
        p="md"
        style={{ overflow: 'auto', background: 'var(--mantine-color-gray-1)', textAlign: 'center' }}
      >
        {!doc && <Spinner />}
        <canvas
          ref={canvas}
          style={{ display: doc ? 'inline-block' : 'none', boxShadow: 'var(--mantine-shadow-sm)' }}
        />
      </Box>
    </Paper>
  );
}
