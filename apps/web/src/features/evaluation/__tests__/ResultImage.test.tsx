// od boxes over a result image: predicted solid, true dashed, in the image's pixel space; labels in the viewer.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultImage } from '../components/ResultImage';
import { resultRow } from './fixtures';
import { $, $$, cleanup, render, settle } from './render';

afterEach(cleanup);

const row = resultRow(3, {
  pred_boxes: [{ class_index: 1, x: 10, y: 20, w: 30, h: 40, score: 0.83 }],
  true_boxes: [{ class_index: 1, x: 12, y: 18, w: 28, h: 44 }],
});

async function loaded() {
  const img = $<HTMLImageElement>('[data-testid="result-image"] img')!;
  Object.defineProperty(img, 'naturalWidth', { value: 200 });
  Object.defineProperty(img, 'naturalHeight', { value: 100 });
  await act(async () => img.dispatchEvent(new Event('load')));
  await settle();
  return img;
}

describe('ResultImage', () => {
  it('draws predicted and true boxes in the original pixel space', async () => {
    render(<ResultImage row={row} classNames={['ok', 'scratch']} />);
    const img = await loaded();
    expect(img.getAttribute('src')).toBe('/o/3'); // boxes are in original pixels
    expect($('[data-testid="overlay-layer"]')!.getAttribute('viewBox')).toBe('0 0 200 100');
    const boxes = $$('[data-testid="box"]');
    expect(boxes.map((b) => b.dataset.truth)).toEqual(['true', 'false']);
    const [truth, pred] = boxes.map((b) => b.querySelector('rect')!);
    expect(truth!.getAttribute('stroke-dasharray')).toBe('5 3');
    expect(pred!.getAttribute('stroke-dasharray')).toBeNull();
    expect([pred!.getAttribute('x'), pred!.getAttribute('width')]).toEqual(['10', '30']);
    expect(document.body.textContent).not.toContain('scratch 0.83');
  });

  it('labels the boxes with class and score in the viewer, and hides them with the overlay off', async () => {
    render(<ResultImage row={row} large classNames={['ok', 'scratch']} />);
    await loaded();
    expect(document.body.textContent).toContain('scratch 0.83');
    cleanup();
    render(<ResultImage row={row} showOverlay={false} />);
    await loaded();
    expect($$('[data-testid="box"]')).toHaveLength(0);
  });
});
