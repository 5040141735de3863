// A single image with zoom: buttons, keypad +/- and Ctrl + mouse wheel (SPEC §2), plus previous/next.
import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Box, ColorSwatch, Group, Modal, Text, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

const ZOOM_MIN = 0.25;
const ZOOM_MAX = 8;
const ZOOM_STEP = 1.25;

export interface ViewerImage {
  id: string | number;
  fileName: string;
  url: string;
  folder?: string | null;
  className?: string | null;
  classColor?: string | null;
}

interface Props {
  image: ViewerImage | null;
  onClose: () => void;
  onPrev?: () => void;
  onNext?: () => void;
}

const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

export function ImageViewerModal({ image, onClose, onPrev, onNext }: Props) {
  const { t } = useTranslation('dataset');
  const [zoom, setZoom] = useState(1);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const { ref, width: boxW, height: boxH } = useElementSize();

  useEffect(() => {
    setZoom(1);
    setNatural(null);
  }, [image?.id]);

  // 100% means "fit the viewer"; zoom multiplies that fitted size.
  const fit = natural && boxW && boxH ? Math.min(boxW / natural.w, boxH / natural.h) : 1;
  const shownWidth = natural ? Math.max(1, Math.round(natural.w * fit * zoom)) : undefined;

  useEffect(() => {
    if (!image) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '+' || e.code === 'NumpadAdd') setZoom((z) => clampZoom(z * ZOOM_STEP));
      else if (e.key === '-' || e.code === 'NumpadSubtract') setZoom((z) => clampZoom(z / ZOOM_STEP));
      else if (e.key === 'ArrowLeft') onPrev?.();
      else if (e.key === 'ArrowRight') onNext?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [image, onPrev, onNext]);

  // A native non-passive listener: React's wheel handler cannot stop the browser's own Ctrl+wheel zoom.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      setZoom((z) => clampZoom(e.deltaY < 0 ? z * ZOOM_STEP : z / ZOOM_STEP));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref, image]);

  return (
    <Modal
      opened={image != null}
      onClose={onClose}
      size="xl"
      title={
        <Group gap="xs">
          <Text fw={600} data-testid="viewer-file-name">
            {image?.fileName}
          </Text>
          {image?.folder && (
            <Badge variant="light" tt="none">
              {image.folder}
            </Badge>
          )}
          {image?.className && (
            <Badge
              variant="default"
              tt="none"
              leftSection={<ColorSwatch color={image.classColor ?? '#868e96'} size={10} />}
              data-testid="viewer-class"
            >
              {image.className}
            </Badge>
          )}
        </Group>
      }
    >
      <Group justify="space-between" mb="xs">
        <Group gap={4}>
          <Tooltip label={t('viewer.zoomOut')}>
            <ActionIcon
              variant="default"
              onClick={() => setZoom((z) => clampZoom(z / ZOOM_STEP))}
              aria-label={t('viewer.zoomOut')}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={56} ta="center" data-testid="viewer-zoom">
            {Math.round(zoom * 100)}%
          </Text>
          <Tooltip label={t('viewer.zoomIn')}>
            <ActionIcon
              variant="default"
              onClick={() => setZoom((z) => clampZoom(z * ZOOM_STEP))}
              aria-label={t('viewer.zoomIn')}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('viewer.zoomReset')}>
            <ActionIcon variant="default" onClick={() => setZoom(1)} aria-label={t('viewer.zoomReset')}>
              <IconZoomReset size={16} />
            </ActionIcon>
          </Tooltip>
          <Text size="xs" c="dimmed" ml="sm">
            {t('viewer.hint')}
          </Text>
        </Group>
        <Group gap={4}>
          <ActionIcon variant="default" onClick={onPrev} disabled={!onPrev} aria-label={t('viewer.prev')}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" onClick={onNext} disabled={!onNext} aria-label={t('viewer.next')}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Box
        ref={ref}
        h={520}
        style={{ overflow: 'auto', background: 'var(--mantine-color-gray-1)', borderRadius: 4 }}
        data-testid="viewer-canvas"
      >
        {image && (
          <Box
            style={{
              minWidth: '100%',
              minHeight: '100%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <img
              src={image.url}
              alt={image.fileName}
              onLoad={(e) =>
                setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })
              }
              style={{
                width: shownWidth,
                maxWidth: 'none',
                visibility: natural ? 'visible' : 'hidden',
                imageRendering: zoom > 2 ? 'pixelated' : 'auto',
              }}
            />
          </Box>
        )}
      </Box>
    </Modal>
  );
}
