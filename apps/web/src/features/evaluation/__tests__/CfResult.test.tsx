// The cf result: confusion matrix and per-class table from the detail; a cell click opens the
// confusion matrix result dialog with that cell's images (true_class × predicted_class), and an image
// opens the image dialog.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import type { EvaluationMetrics } from '@sightline/domain';
import { CfResult } from '../components/TaskResults';
import { evaluation, resultRow } from './fixtures';
import { mockTrainServer, type MockServer } from './mock-train-server';
import { $, $$, cleanup, click, render, settle } from './render';

let server: MockServer;
const detail = evaluation().detail as Extract<EvaluationMetrics, { task: 'cf' }>;

beforeEach(() => {
  server = mockTrainServer({
    evaluationResults: (r) =>
      r.query.true_class === '1' && r.query.predicted_class === '0'
        ? {
            data: [resultRow(9, { true_class: 1, predicted_class: 0, correct: false, score: 0.61 })],
            total: 1,
          }
        : { data: [resultRow(1), resultRow(2)], total: 2 },
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cell = (a: number, p: number) =>
  $(`[data-testid="confusion-cell"][data-actual="${a}"][data-predicted="${p}"]`);

describe('cf result', () => {
  it('draws the confusion matrix and per-class precision/recall/F1', async () => {
    render(<CfResult evaluationId={44} detail={detail} classNames={['ok', 'scratch']} />);
    await settle();
    expect($$('[data-testid="confusion-cell"]').map((c) => c.textContent)).toEqual(['2', '0', '1', '1']);
    expect(cell(0, 1)!.hasAttribute('disabled')).toBe(true);
    const table = $('[data-testid="per-class-table"]')!.textContent!;
    expect(table).toContain('scratch');
    expect(table).toContain('67.0%');
    expect($('[data-testid="metric-accuracy"]')!.textContent).toBe('75.0%');
  });

  it('opens the images of a cell and then one image', async () => {
    render(<CfResult evaluationId={44} detail={detail} classNames={['ok', 'scratch']} />);
    await settle();
    await click(cell(1, 0));
    const asked = server.of('evaluationResults').at(-1)!;
    expect(asked.query).toMatchObject({ true_class: '1', predicted_class: '0', filter: 'all' });
    const dialog = $('[data-testid="cell-images-dialog"]') ?? document.body;
    expect(document.body.textContent).toContain('실제 scratch → 예측 ok');
    const card = [...dialog.querySelectorAll('[data-testid="result-card"]')].find(
      (c) => (c as HTMLElement).dataset.fileName === 'img_9.png',
    );
    expect(card).toBeTruthy();
    expect((card as HTMLElement).dataset.correct).toBe('false');
    await click(card!.querySelector('button'));
    expect(document.body.textContent).toContain('0.6100');
  });
});
