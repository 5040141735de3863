// The proposal review panel against a mocked server: the pending proposals in the server's order (least
// sure first) with class, confidence and thumbnail; accept and reject send the decision and reload the list;
// a read-only workspace cannot decide.
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../i18n';
import { $, $$, click, render, requests, settle, setup, teardown } from '../../../learning/test-harness';
import { ProposalReviewPanel } from './ProposalReviewPanel';

vi.mock('../../../../components/flash', () => ({ flash: vi.fn(), flashError: vi.fn() }));

const proposal = (file: string, score: number, classId: number | null) => ({
  image_id: '33333333-3333-4333-8333-333333333333',
  file_name: file,
  thumb_url: `/api/v2/images/x/thumb?t=${file}`,
  class_id: classId,
  score,
  confirmed: false,
  prediction: { source: 'ai_unsupervised' },
});
const classes = [
  { id: 1, name: 'group_1', color: '#ff0000' },
  { id: 2, name: 'group_2', color: '#00ff00' },
];

afterEach(() => teardown());

describe('ProposalReviewPanel', { timeout: 30_000 }, () => {
  it('lists proposals least sure first and sends accept / reject', async () => {
    const a = { ...proposal('a.png', 0.1, 2), image_id: '11111111-1111-4111-8111-111111111111' };
    const b = { ...proposal('bb.png', 0.8, 1), image_id: '22222222-2222-4222-8222-222222222222' };
    setup((r) => {
      if (r.url.startsWith('/api/v2/processing/4/proposals?'))
        return { body: { data: { data: [a, b], total: 2 } } };
      if (r.method === 'POST' && r.url.startsWith('/api/v2/processing/4/proposals/'))
        return {
          body: {
            data: { image_id: r.url.split('/').pop(), decision: (r.body as { decision: string }).decision },
          },
        };
      return undefined;
    });
    render('/w', [
      { path: '/w', element: <ProposalReviewPanel workId={4} classes={classes} readOnly={false} /> },
    ]);
    await settle();
    const rows = $$('[data-testid="proposal-row"]');
    expect(rows.map((r) => r.dataset.file)).toEqual(['a.png', 'bb.png']);
    expect(rows[0]!.textContent).toContain('group_2');
    expect(rows[0]!.querySelector('[data-testid="proposal-score"]')!.textContent).toBe('10%');
    expect(rows[0]!.querySelector('img')!.getAttribute('src')).toBe('/api/v2/images/x/thumb?t=a.png');
    expect(requests.find((r) => r.url.includes('/proposals?'))!.url).toContain('status=pending');
    const lists = () => requests.filter((r) => r.url.includes('/proposals?')).length;
    const before = lists();
    await click(rows[0]!.querySelector('[data-testid="proposal-accept"]'));
    await settle();
    await click($$('[data-testid="proposal-row"]')[1]!.querySelector('[data-testid="proposal-reject"]'));
    await settle();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => [p.url, p.body])).toEqual([
      [`/api/v2/processing/4/proposals/${a.image_id}`, { decision: 'accept' }],
      [`/api/v2/processing/4/proposals/${b.image_id}`, { decision: 'reject' }],
    ]);
    expect(lists()).toBeGreaterThan(before);
  });

  it('cannot decide in a read-only workspace', async () => {
    setup((r) =>
      r.url.startsWith('/api/v2/processing/4/proposals?')
        ? { body: { data: { data: [proposal('a.png', 0.3, 1)], total: 1 } } }
        : undefined,
    );
    render('/w', [{ path: '/w', element: <ProposalReviewPanel workId={4} classes={classes} readOnly /> }]);
    await settle();
    expect(($('[data-testid="proposal-accept"]') as HTMLButtonElement).disabled).toBe(true);
    expect(($('[data-testid="proposal-reject"]') as HTMLButtonElement).disabled).toBe(true);
  });
});
