// sg results: the ground-truth mask beside the predicted one (the dialog shows both side by side with the
// class colours; each image asks for its own overlay PNG), and no second image for older evaluations.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SG_MASK_PALETTE } from '@sightline/domain';
import { ResultImage } from '../components/ResultImage';
import { ResultViewer } from '../components/ResultViewer';
import { maskColor } from '../components/SgLegend';
import { resultRow } from './fixtures';
import { $, $$, cleanup, render, settle } from './render';

const requested: string[] = [];
class FakeImage {
  onload: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(v: string) {
    requested.push(v);
  }
}
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('Image', FakeImage);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sg = resultRow(5, { mask_url: '/ov/5?t=x', true_mask_url: '/ov/5?truth=1&t=x', score: 0.61 });

describe('sg masks', () => {
  it('draws the predicted mask by default and the true one when asked', async () => {
    render(<ResultImage row={sg} />);
    await settle();
    expect(requested).toEqual(['/ov/5?t=x']);
    expect($('[data-testid="result-image"]')!.dataset.mask).toBe('pred');
    cleanup();
    requested.length = 0;
    render(<ResultImage row={sg} mask="truth" />);
    await settle();
    expect(requested).toEqual(['/ov/5?truth=1&t=x']);
    expect($('[data-testid="result-image"]')!.dataset.mask).toBe('truth');
  });

  it('the image dialog shows ground truth and prediction side by side with the class colours', async () => {
    render(<ResultViewer row={sg} classNames={['crack', 'hole']} onClose={() => undefined} />);
    await settle();
    const images = $$('[data-testid="mask-compare"] [data-testid="result-image"]');
    expect(images.map((i) => i.dataset.mask)).toEqual(['truth', 'pred']);
    expect(new Set(requested)).toEqual(new Set(['/ov/5?truth=1&t=x', '/ov/5?t=x']));
    const legend = $$('[data-testid="sg-legend-item"]');
    expect(legend.map((l) => l.textContent)).toEqual(['crack', 'hole']);
    expect(legend[1]!.querySelector('span')!.style.background).toBe(maskColor(1));
    expect(maskColor(9)).toBe(`rgb(${SG_MASK_PALETTE[1]!.join(', ')})`);
  });

  it('an evaluation without stored truth keeps the single predicted image', async () => {
    render(
      <ResultViewer
        row={{ ...sg, true_mask_url: null }}
        classNames={['crack', 'hole']}
        onClose={() => undefined}
      />,
    );
    await settle();
    expect($('[data-testid="mask-compare"]')).toBeNull();
    expect($$('[data-testid="result-image"]')).toHaveLength(1);
  });
});
