// One result image with its overlays: od predicted (solid) and true (dashed) boxes in an SVG whose
// viewBox is the image's pixel space, the sg mask PNG at alpha 120/255 (SPEC §9) or the ad heatmap PNG.
import { useState } from 'react';
import { Box } from '@mantine/core';
import type { ResultRow } from '@sightline/domain';

/** SPEC §9 mask overlay alpha 120 of 255. */
export const MASK_ALPHA = 120 / 255;
const HEATMAP_ALPHA = 0.55;
export const PRED_COLOR = '#e03131';
export const TRUE_COLOR = '#2f9e44';

interface Props {
  row: ResultRow;
  /** The viewer (labels on boxes) or a grid card. */
  large?: boolean;
  showOverlay?: boolean;
  classNames?: string[];
  height?: number | string;
}

export function ResultImage({
  row,
  large = false,
  showOverlay = true,
  classNames = [],
  height = '100%',
}: Props) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const boxes = [
    ...(row.true_boxes ?? []).map((b) => ({ ...b, truth: true })),
    ...(row.pred_boxes ?? []).map((b) => ({ ...b, truth: false })),
  ];
  // Boxes are in original pixels: images with boxes load the original so its natural size is that space.
  const src = large || boxes.length > 0 ? row.original_url : row.thumb_url;
  const overlayPng = row.mask_url ?? row.heatmap_url ?? null;
  const fill = {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'contain',
  } as const;

  return (
    <Box
      pos="relative"
      h={height}
      w="100%"
      style={{ background: 'var(--mantine-color-gray-1)' }}
      data-testid="result-image"
    >
      <img
        src={src}
        alt={row.file_name}
        loading="lazy"
        style={fill}
        onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
      />
      {showOverlay && overlayPng && (
        <img
          src={overlayPng}
          alt=""
          aria-hidden
          style={{ ...fill, opacity: row.mask_url ? MASK_ALPHA : HEATMAP_ALPHA, pointerEvents: 'none' }}
          data-testid={row.mask_url ? 'mask-overlay' : 'heatmap-overlay'}
        />
      )}
      {showOverlay && size && boxes.length > 0 && (
        <svg
          viewBox={`0 0 ${size.w} ${size.h}`}
          preserveAspectRatio="xMidYMid meet"
          style={{ ...fill, pointerEvents: 'none' }}
          data-testid="box-overlay"
        >
          {boxes.map((b, i) => (
            <g key={i} data-truth={b.truth}>
              <rect
                x={b.x}
                y={b.y}
                width={b.w}
                height={b.h}
                fill="none"
                stroke={b.truth ? TRUE_COLOR : PRED_COLOR}
                strokeWidth={large ? 2 : 1.5}
                strokeDasharray={b.truth ? '5 3' : undefined}
                vectorEffect="non-scaling-stroke"
              />
              {large && (
                // Predicted labels above the box, true labels inside its bottom edge, so they never overlap.
                <text
                  x={b.x + 2}
                  y={b.truth ? b.y + b.h - font(size) * 0.3 : Math.max(font(size), b.y - font(size) * 0.25)}
                  fill={b.truth ? TRUE_COLOR : PRED_COLOR}
                  fontSize={font(size)}
                  stroke="white"
                  strokeWidth={font(size) * 0.18}
                  style={{ paintOrder: 'stroke' }}
                >
                  {(classNames[b.class_index] ?? String(b.class_index)) +
                    (b.score != null ? ` ${b.score.toFixed(2)}` : '')}
                </text>
              )}
            </g>
          ))}
        </svg>
      )}
    </Box>
  );
}

/** Label size in image pixels: about 13 screen px in the 540 px high viewer. */
const font = (size: { w: number; h: number }) => Math.max(4, Math.max(size.w, size.h) * 0.026);
