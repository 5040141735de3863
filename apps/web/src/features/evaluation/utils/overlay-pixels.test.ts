// Overlay pixels: masks at alpha 120 (SPEC §9), heatmaps coloured with opacity rising with the anomaly.
import { describe, expect, it } from 'vitest';
import { colorizeHeatmap, heatColor, maskAtSpecAlpha } from './overlay-pixels';

describe('maskAtSpecAlpha', () => {
  it('puts class pixels at alpha 120 and keeps the background transparent', () => {
    const px = new Uint8ClampedArray([230, 57, 70, 128, 0, 0, 0, 0, 42, 157, 143, 255]);
    expect([...maskAtSpecAlpha(px)]).toEqual([230, 57, 70, 120, 0, 0, 0, 0, 42, 157, 143, 120]);
  });
});

describe('colorizeHeatmap', () => {
  it('maps low values to transparent blue and high ones to opaque red', () => {
    const px = colorizeHeatmap(new Uint8ClampedArray([0, 0, 0, 255, 255, 255, 255, 255]));
    expect([...px.slice(0, 4)]).toEqual([40, 60, 220, 0]);
    expect([...px.slice(4, 8)]).toEqual([230, 30, 30, 170]);
    expect(heatColor(0.5)[0]).toBeGreaterThan(heatColor(0.2)[0]);
  });
});
