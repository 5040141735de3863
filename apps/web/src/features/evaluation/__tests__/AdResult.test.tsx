// The ad result page's threshold slider: moving it re-judges every image (outline classes), changes the
// escape and overkill rates, and sends no request; only a correct/wrong filter asks the server, at the
// threshold the slider was left on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import type { AdMetrics } from '@sightline/domain';
import { AdResult } from '../components/TaskResults';
import { AD_ROWS, adEvaluation } from './fixtures';
import { mockTrainServer, type MockServer } from './mock-train-server';
import { $, $$, cleanup, click, key, render, settle } from './render';

// The charts draw nothing in happy-dom (no layout); they are not what this test is about.
vi.mock('../components/AdCharts', () => ({ ScoreHistogram: () => null, RocCurve: () => null }));

let server: MockServer;
const detail = adEvaluation().detail as AdMetrics;

beforeEach(() => {
  server = mockTrainServer({ evaluationResults: () => ({ data: AD_ROWS, total: AD_ROWS.length }) });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const outlines = () => $$('[data-testid="result-card"]').map((c) => c.dataset.outline);
const judged = () => $$('[data-testid="result-card"]').map((c) => c.dataset.predicted);
const text = (id: string) => $(`[data-testid="${id}"]`)!.textContent;
const thumb = () => $('[data-testid="threshold-slider"] [role="slider"]');

describe('ad threshold slider', () => {
  it('shows the stored judgement and rates first', async () => {
    render(<AdResult evaluationId={45} detail={detail} classNames={['good', 'defect']} />);
    await settle();
    expect($$('[data-testid="result-card"]')).toHaveLength(5);
    expect(outlines()).toEqual(['', '', 'threshold-active', '', 'threshold-active']);
    expect(text('escape-rate')).toBe('50.0%');
    expect(text('overkill-rate')).toBe('33.3%');
  });

  it('re-judges every image live without asking the server', async () => {
    render(<AdResult evaluationId={45} detail={detail} classNames={['good', 'defect']} />);
    await settle();
    const before = server.requests.length;

    await key(thumb(), 'End'); // highest threshold: everything OK
    expect(judged()).toEqual(['0', '0', '0', '0', '0']);
    expect(outlines()).toEqual(['', '', 'threshold-diff-ok', '', 'threshold-diff-ok']);
    expect(text('escape-rate')).toBe('100.0%');
    expect(text('overkill-rate')).toBe('0.0%');
    expect($$('.threshold-diff-ok')).toHaveLength(2);

    await key(thumb(), 'Home'); // lowest threshold: everything NG
    expect(judged()).toEqual(['1', '1', '1', '1', '1']);
    expect(outlines()).toEqual([
      'threshold-diff-ng',
      'threshold-diff-ng',
      'threshold-active',
      'threshold-diff-ng',
      'threshold-active',
    ]);
    expect(text('escape-rate')).toBe('0.0%');
    expect(text('overkill-rate')).toBe('100.0%');

    expect(server.requests.length).toBe(before);
  });

  it('filters wrong images on the server at the threshold the slider was left on', async () => {
    render(<AdResult evaluationId={45} detail={detail} classNames={['good', 'defect']} />);
    await settle();
    await key(thumb(), 'End');
    const wrong = $$('[data-testid="result-filter"] input').find(
      (i) => (i as HTMLInputElement).value === 'wrong',
    );
    await click(wrong!);
    const last = server.of('evaluationResults').at(-1)!;
    expect(last.query).toMatchObject({ filter: 'wrong', threshold: '1' });
  });
});
