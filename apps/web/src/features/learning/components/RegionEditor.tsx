// Target regions (at most TARGET_REGION_MAX): drawn by dragging on one image of the dataset, or typed as
// x, y, width, height in image pixels. Regions outside the image are marked with the domain's message.
import { useRef, useState } from 'react';
import { ActionIcon, Box, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TARGET_REGION_MAX, type Region } from '@sightline/domain';

interface Props {
  image: { url: string; width: number; height: number } | null;
  regions: Region[];
  onChange: (regions: Region[]) => void;
  error?: string | null;
}

const VIEW_W = 300;
const COLORS = [
  '#e03131',
  '#1971c2',
  '#2f9e44',
  '#f08c00',
  '#9c36b5',
  '#0c8599',
  '#e8590c',
  '#5c940d',
  '#c2255c',
  '#3b5bdb',
];

export function RegionEditor({ image, regions, onChange, error }: Props) {
  const { t } = useTranslation('learning');
  const box = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const scale = image ? VIEW_W / image.width : 1;
  const full = regions.length >= TARGET_REGION_MAX;

  const toImage = (e: React.PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    const clamp = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
    return {
      x: clamp((e.clientX - r.left) / scale, image!.width),
      y: clamp((e.clientY - r.top) / scale, image!.height),
    };
  };
  const rectOf = (d: { x0: number; y0: number; x1: number; y1: number }): Region => ({
    x: Math.round(Math.min(d.x0, d.x1)),
    y: Math.round(Math.min(d.y0, d.y1)),
    w: Math.round(Math.abs(d.x1 - d.x0)),
    h: Math.round(Math.abs(d.y1 - d.y0)),
  });

  const set = (i: number, patch: Partial<Region>) =>
    onChange(regions.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () =>
    onChange([
      ...regions,
      image
        ? {
            x: 0,
            y: 0,
            w: Math.max(1, Math.round(image.width / 2)),
            h: Math.max(1, Math.round(image.height / 2)),
          }
        : { x: 0, y: 0, w: 32, h: 32 },
    ]);

  return (
    <Stack gap="xs" data-testid="region-editor">
      <Text size="xs" c="dimmed">
        {t('form.regionsHint', { max: TARGET_REGION_MAX })}
      </Text>
      <Group align="flex-start" gap="md" wrap="nowrap">
        {image ? (
          <Stack gap={2}>
            <Box
              ref={box}
              pos="relative"
              w={VIEW_W}
              h={Math.round(image.height * scale)}
              style={{
                cursor: full ? 'not-allowed' : 'crosshair',
                touchAction: 'none',
                userSelect: 'none',
                border: '1px solid var(--mantine-color-gray-4)',
              }}
              data-testid="region-canvas"
              onPointerDown={(e) => {
                if (full) return;
                (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
                const p = toImage(e);
                setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
              }}
              onPointerMove={(e) =>
                drag && setDrag({ ...drag, ...((p) => ({ x1: p.x, y1: p.y }))(toImage(e)) })
              }
              onPointerUp={() => {
                if (!drag) return;
                const r = rectOf(drag);
                setDrag(null);
                if (r.w >= 2 && r.h >= 2) onChange([...regions, r]);
              }}
            >
              <img
                src={image.url}
                alt=""
                draggable={false}
                style={{
                  width: '100%',
                  height: '100%',
                  display: 'block',
                  objectFit: 'fill',
                  pointerEvents: 'none',
                }}
              />
              <svg
                width="100%"
                height="100%"
                viewBox={`0 0 ${image.width} ${image.height}`}
                preserveAspectRatio="none"
                style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
              >
                {[...regions, ...(drag ? [rectOf(drag)] : [])].map((r, i) => (
                  <rect
                    key={i}
                    x={r.x}
                    y={r.y}
                    width={r.w}
                    height={r.h}
                    fill={COLORS[i % COLORS.length]}
                    fillOpacity={0.15}
                    stroke={COLORS[i % COLORS.length]}
                    strokeWidth={2 / scale}
                  />
                ))}
              </svg>
            </Box>
            <Text size="xs" c="dimmed">
              {t('form.imageSize', { w: image.width, h: image.height })}
            </Text>
          </Stack>
        ) : (
          <Text size="xs" c="dimmed" w={VIEW_W}>
            {t('form.regionNoImage')}
          </Text>
        )}
        <Stack gap={4} style={{ flex: 1 }}>
          {regions.map((r, i) => (
            <Group key={i} gap={4} wrap="nowrap" data-testid="region-row">
              <Box
                w={10}
                h={10}
                style={{ background: COLORS[i % COLORS.length], borderRadius: 2, flex: 'none' }}
              />
              {(['x', 'y', 'w', 'h'] as const).map((k) => (
                <NumberInput
                  key={k}
                  size="xs"
                  w={78}
                  leftSection={<Text size="xs">{k}</Text>}
                  min={k === 'w' || k === 'h' ? 1 : 0}
                  allowDecimal={false}
                  hideControls
                  value={r[k]}
                  onChange={(v) => set(i, { [k]: typeof v === 'number' ? v : Number(v) || 0 })}
                  aria-label={`${k} ${i + 1}`}
                />
              ))}
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onChange(regions.filter((_, j) => j !== i))}
                aria-label={t('form.regionRemove')}
                data-testid="region-remove"
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPlus size={12} />}
              onClick={add}
              disabled={full}
              data-testid="region-add"
            >
              {t('form.regionAdd')} ({regions.length}/{TARGET_REGION_MAX})
            </Button>
          </Group>
          {error && (
            <Text size="xs" c="red" data-testid="region-error">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
