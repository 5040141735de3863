// The tool column: drawing tools with their shortcut, history, zoom, brush size and wand threshold.
import { ActionIcon, Divider, SimpleGrid, Slider, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBrush,
  IconCircle,
  IconEraser,
  IconHandStop,
  IconHelp,
  IconOvalVertical,
  IconPointer,
  IconPolygon,
  IconSquare,
  IconTarget,
  IconWand,
  IconZoomIn,
  IconZoomOut,
  IconFocusCentered,
  IconSparkles,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationCanvas } from '../canvas/canvas';
import type { ToolType } from '../canvas/types';
import { useEditorState } from '../hooks/useEditorState';
import { TOOL_KEYS } from '../utils/shortcuts';

const ICONS: Record<ToolType, ComponentType<{ size?: number }>> = {
  select: IconPointer,
  pan: IconHandStop,
  rectangle: IconSquare,
  circle: IconCircle,
  ellipse: IconOvalVertical,
  polygon: IconPolygon,
  path: IconBrush,
  eraser: IconEraser,
  magicWand: IconWand,
  sam: IconSparkles,
  region: IconTarget,
};
const KEY = new Map(TOOL_KEYS);

export function ToolBar({
  canvas,
  tools,
  onHelp,
}: {
  canvas: AnnotationCanvas | null;
  tools: ToolType[];
  onHelp(): void;
}) {
  const { t } = useTranslation('annotation');
  const tool = useEditorState(canvas, (s) => s.tool);
  const readOnly = useEditorState(canvas, (s) => s.readOnly);
  const canUndo = useEditorState(canvas, (s) => s.canUndo);
  const canRedo = useEditorState(canvas, (s) => s.canRedo);
  const brush = useEditorState(canvas, (s) => s.brushSize);
  const threshold = useEditorState(canvas, (s) => s.wandThreshold);
  const btn = (
    label: string,
    icon: ComponentType<{ size?: number }>,
    onClick: () => void,
    opts: { active?: boolean; disabled?: boolean; testId?: string } = {},
  ) => {
    const Icon = icon;
    return (
      <Tooltip label={label} position="right" key={label}>
        <ActionIcon
          size="lg"
          variant={opts.active ? 'filled' : 'subtle'}
          onClick={onClick}
          disabled={opts.disabled}
          aria-label={label}
          data-testid={opts.testId}
          data-active={opts.active || undefined}
        >
          <Icon size={18} />
        </ActionIcon>
      </Tooltip>
    );
  };
  return (
    <Stack gap={6} align="center" w={76} data-testid="tool-bar">
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
        {tools.map((tt) =>
          btn(`${t(`tools.${tt}`)} (${KEY.get(tt)?.toUpperCase()})`, ICONS[tt], () => canvas?.setTool(tt), {
            active: tool === tt,
            disabled: readOnly && tt !== 'select' && tt !== 'pan',
            testId: `tool-${tt}`,
          }),
        )}
      </SimpleGrid>
      <Divider w="100%" />
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
        {btn(t('actions.undo'), IconArrowBackUp, () => canvas?.undo(), {
          disabled: !canUndo || readOnly,
          testId: 'undo',
        })}
        {btn(t('actions.redo'), IconArrowForwardUp, () => canvas?.redo(), {
          disabled: !canRedo || readOnly,
          testId: 'redo',
        })}
        {btn(t('actions.zoomIn'), IconZoomIn, () => canvas?.zoom(1.25))}
        {btn(t('actions.zoomOut'), IconZoomOut, () => canvas?.zoom(0.8))}
        {btn(t('actions.fit'), IconFocusCentered, () => canvas?.fit())}
        {btn(t('help'), IconHelp, onHelp, { testId: 'help' })}
      </SimpleGrid>
      {(tool === 'path' || tool === 'eraser') && (
        <Stack gap={2} w={70} align="center">
          <Text size="10px">{brush}px</Text>
          <Slider
            w={48}
            size="xs"
            min={1}
            max={100}
            value={brush}
            onChange={(v) => canvas?.setBrushSize(v)}
            label={null}
            aria-label={t('brushSize')}
          />
        </Stack>
      )}
      {tool === 'magicWand' && (
        <Text size="10px" data-testid="wand-threshold">
          {t('threshold')} {threshold}
        </Text>
      )}
    </Stack>
  );
}
