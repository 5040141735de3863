// One result image with its overlays, drawn in an SVG whose viewBox is the image's pixel space (so they
// sit exactly on the picture at any size): od predicted (solid) and true (dashed) boxes, the sg mask
// (predicted or ground truth) at alpha 120 (SPEC §9) or the ad heatmap as a colour map, both stretched over
// the whole image.
import { useEffect, useState } from 'react';
import { Box } from '@mantine/core';
import type { ResultRow } from '@sightline/domain';
import { colorizeHeatmap, maskAtSpecAlpha } from '../utils/overlay-pixels';

export const PRED_COLOR = '#e03131';
export const TRUE_COLOR = '#2f9e44';

interface Props {
  row: ResultRow;
  /** The viewer (labels on boxes) or a grid card. */
  large?: boolean;
  showOverlay?: boolean;
  classNames?: string[];
  height?: number | string;
  /** sg: which mask to draw, the predicted one (default) or the ground truth. */
  mask?: 'pred' | 'truth';
}

/** The overlay PNG recoloured on a canvas (data URL), or null while loading / without a canvas. */
function useOverlay(src: string | null, kind: 'mask' | 'heatmap'): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!src) return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext?.('2d');
      if (!ctx || !canvas.width || !canvas.height) return;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
      if (kind === 'mask') maskAtSpecAlpha(data.data);
      else colorizeHeatmap(data.data);
      ctx.putImageData(data, 0, 0);
      if (live) setUrl(canvas.toDataURL('image/png'));
    };
    img.src = src;
    return () => {
      live = false;
    };
  }, [src, kind]);
  return url;
}

export function ResultImage({
  row,
  large = false,
  showOverlay = true,
  classNames = [],
  height = '100%',
  mask = 'pred',
}: Props) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const boxes = [
    ...(row.true_boxes ?? []).map((b) => ({ ...b, truth: true })),
    ...(row.pred_boxes ?? []).map((b) => ({ ...b, truth: false })),
  ];
  // Boxes are in original pixels: images with boxes load the original so its natural size is that space.
  const src = large || boxes.length > 0 ? row.original_url : row.thumb_url;
  const kind = row.mask_url || row.true_mask_url ? 'mask' : 'heatmap';
  const maskUrl = mask === 'truth' ? row.true_mask_url : row.mask_url;
  const overlay = useOverlay(showOverlay ? (maskUrl ?? row.heatmap_url ?? null) : null, kind);
  const fill = {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'contain',
  } as const;
  // In image pixels, so the labels keep one on-screen size (about 14 px in the 540 px viewer) whatever the
  // image's resolution; no floor, which made a 64 px image's labels a quarter of the picture.
  const font = size ? Math.max(size.w, size.h) * 0.026 : 10;

  return (
    <Box
      pos="relative"
      h={height}
      w="100%"
      style={{ background: 'var(--mantine-color-gray-1)' }}
      data-testid="result-image"
      data-mask={kind === 'mask' ? mask : undefined}
    >
      <img
        src={src}
        alt={row.file_name}
        loading="lazy"
        style={fill}
        onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
      />
      {showOverlay && size && (overlay || boxes.length > 0) && (
        <svg
          viewBox={`0 0 ${size.w || 1} ${size.h || 1}`}
          preserveAspectRatio="xMidYMid meet"
          style={{ ...fill, pointerEvents: 'none' }}
          data-testid="overlay-layer"
        >
          {overlay && (
            <image
              href={overlay}
              x={0}
              y={0}
              width={size.w}
              height={size.h}
              preserveAspectRatio="none"
              data-testid={
                kind === 'heatmap'
                  ? 'heatmap-overlay'
                  : mask === 'truth'
                    ? 'truth-mask-overlay'
                    : 'mask-overlay'
              }
            />
          )}
          {boxes.map((b, i) => (
            <g key={i} data-testid="box" data-truth={b.truth}>
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
                  y={b.truth ? b.y + b.h - font * 0.3 : Math.max(font, b.y - font * 0.25)}
                  fill={b.truth ? TRUE_COLOR : PRED_COLOR}
                  fontSize={font}
                  stroke="white"
                  strokeWidth={font * 0.18}
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
