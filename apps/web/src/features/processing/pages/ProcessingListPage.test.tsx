// The processing list against a mocked server: status and progress pushed over the project's event stream
// change the row in place (no reload, no polling), and an AI labeling work's row menu opens the rerun
// dialog, which queues the rerun.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  $,
  $$,
  FakeEventSource,
  click,
  render,
  requests,
  settle,
  setup,
  teardown,
} from '../../learning/test-harness';
import ProcessingListPage from './ProcessingListPage';

vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: vi.fn() }));

const work = (over: Record<string, unknown>) => ({
  id: 1,
  project_id: 3,
  name: 'w',
  kind: 'new',
  task: 'cf',
  status: 'done',
  progress: 100,
  message: '',
  error_code: null,
  description: '',
  save_dir: 'w',
  sources: [{ dataset_id: 5, dataset_name: 'src', position: 0 }],
  result_dataset_id: 9,
  image_count: 10,
  job_id: null,
  availability: 'available',
  locked_by_name: null,
  lock_expires_at: null,
  final_saved: false,
  final_saved_at: null,
  options: {},
  result: null,
  created_by_name: 'me',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});
const row = (name: string) => $(`[data-testid="work-row"][data-name="${name}"]`)!.closest('tr')!;
const show = () =>
  render('/train/processing', [{ path: '/train/processing', element: <ProcessingListPage /> }]);

afterEach(() => teardown());

describe('ProcessingListPage', { timeout: 30_000 }, () => {
  it('follows status and progress from the event stream without reloading', async () => {
    setup((r) =>
      r.url.startsWith('/api/v2/processing?')
        ? {
            body: {
              data: {
                data: [work({ id: 1, name: 'running', status: 'progressing', progress: 10 })],
                total: 1,
              },
            },
          }
        : undefined,
    );
    show();
    await settle();
    expect(row('running').querySelector('[data-testid="work-status"]')!.textContent).toContain('10%');
    const es = FakeEventSource.instances.find((e) => e.url.includes('/api/v2/processing/events'))!;
    expect(es.url).toContain('project_id=3');
    expect(es.url).toContain('ticket=tkt');
    const lists = () => requests.filter((r) => r.url.startsWith('/api/v2/processing?')).length;
    const before = lists();
    await act(() => es.emit('status', work({ id: 1, name: 'running', status: 'progressing', progress: 65 })));
    await settle();
    expect(row('running').querySelector('[data-testid="work-status"]')!.textContent).toContain('65%');
    expect(lists()).toBe(before);
  });

  it('an AI labeling work reruns from its row menu through the rerun dialog', async () => {
    setup((r) => {
      if (r.url.startsWith('/api/v2/processing?'))
        return {
          body: {
            data: {
              data: [
                work({ id: 7, name: 'groups', kind: 'ai_unsupervised' }),
                work({ id: 8, name: 'plain', kind: 'new' }),
              ],
              total: 2,
            },
          },
        };
      if (r.method === 'POST' && r.url === '/api/v2/processing/7/rerun')
        return { body: { data: { id: 7, job_id: 'j' } } };
      return undefined;
    });
    show();
    await settle();
    await click(row('plain').querySelector('[data-testid="work-menu"]'));
    await settle();
    expect($('[data-testid="work-rerun"]')).toBeNull();
    await click(row('groups').querySelector('[data-testid="work-menu"]'));
    await settle();
    await click($$('[data-testid="work-rerun"]')[0]!);
    await settle();
    expect($('[data-testid="ai-rerun-dialog"]') ?? $('[data-testid="ai-rerun-confirm"]')).not.toBeNull();
    await click($('[data-testid="ai-rerun-confirm"]'));
    await settle();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/v2/processing/7/rerun')).toBe(true);
  });
});
