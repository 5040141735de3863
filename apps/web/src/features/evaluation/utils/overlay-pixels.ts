// Pixel transforms of the overlay PNGs the evaluation job stores: an ad heatmap (grey 0..255, at the
// model's input size) becomes a colour map whose opacity grows with the anomaly; an sg mask (RGBA, class
// colours on transparent) is drawn at the SPEC §9 mask alpha of 120.
export const MASK_ALPHA_BYTE = 120;
const HEAT_MAX_ALPHA = 170;

/** Blue → cyan → yellow → red for 0..1. */
export function heatColor(v: number): [number, number, number] {
  const t = Math.min(1, Math.max(0, v));
  const stops: [number, [number, number, number]][] = [
    [0, [40, 60, 220]],
    [0.35, [0, 200, 230]],
    [0.65, [250, 220, 40]],
    [1, [230, 30, 30]],
  ];
  for (let i = 1; i < stops.length; i++) {
    const [t1, c1] = stops[i]!;
    const [t0, c0] = stops[i - 1]!;
    if (t <= t1) {
      const k = (t - t0) / (t1 - t0 || 1);
      return [0, 1, 2].map((j) => Math.round(c0[j]! + (c1[j]! - c0[j]!) * k)) as [number, number, number];
    }
  }
  return stops[stops.length - 1]![1];
}

/** In place: RGBA pixels of a grey heatmap (value in R) → colour map, alpha rising with the value. */
export function colorizeHeatmap(px: Uint8ClampedArray): Uint8ClampedArray {
  for (let i = 0; i < px.length; i += 4) {
    const v = px[i]! / 255;
    const [r, g, b] = heatColor(v);
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
    px[i + 3] = Math.round(HEAT_MAX_ALPHA * Math.max(0, (v - 0.15) / 0.85));
  }
  return px;
}

/** In place: every coloured mask pixel at alpha 120, the background stays transparent. */
export function maskAtSpecAlpha(px: Uint8ClampedArray): Uint8ClampedArray {
  for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) px[i] = MASK_ALPHA_BYTE;
  return px;
}
