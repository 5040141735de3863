// The list page against a mocked server: the project's trainings with status and progress, live updates from
// the project event stream without a reload, the server's refusal of a cancel, delete disabled while running,
// and the empty state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  $,
  $$,
  FakeEventSource,
  click,
  item,
  render,
  requests,
  settle,
  setup,
  teardown,
  wait,
} from '../test-harness';
import LearningListPage from './LearningListPage';

const flashError = vi.fn();
vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: (m: string) => flashError(m) }));

const page = (rows: unknown[]) => ({ body: { data: { data: rows, total: rows.length } } });
const show = () => render('/train/learning', [{ path: '/train/learning', element: <LearningListPage /> }]);
const row = (name: string) => $(`[data-testid="learning-row"][data-name="${name}"]`)!.closest('tr')!;

afterEach(() => {
  teardown();
  flashError.mockReset();
});

describe('LearningListPage', { timeout: 30_000 }, () => {
  it('lists the current project with status, progress, queue position and the resumed tag', async () => {
    setup((r) =>
      r.url.startsWith('/api/v2/learnings?')
        ? page([
            item({ id: 1, name: 'running_one', resumed: true }),
            item({
              id: 2,
              name: 'waiting_one',
              status: 'waiting',
              progress: 0,
              phase: null,
              queue_position: 2,
            }),
            item({ id: 3, name: 'done_one', status: 'done', progress: 100 }),
          ])
        : undefined,
    );
    show();
    await settle();
    expect(requests[0]!.url).toBe('/api/v2/learnings?page=1&perPage=10&project_id=3');
    expect($$('[data-testid="learning-row"]').map((r) => r.dataset.name)).toEqual([
      'running_one',
      'waiting_one',
      'done_one',
    ]);
    expect(row('running_one').textContent).toContain('학습 중');
    expect(row('running_one').textContent).toContain('40%');
    expect(row('running_one').querySelector('[data-testid="learning-resumed"]')).not.toBeNull();
    expect(row('waiting_one').querySelector('[data-testid="learning-queue"]')!.textContent).toBe(
      '대기 2번째',
    );
    // Delete is refused while a training is active; cancel only offered then.
    expect(
      (row('running_one').querySelector('[data-testid="learning-delete"]') as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (row('done_one').querySelector('[data-testid="learning-delete"]') as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(row('done_one').querySelector('[data-testid="learning-cancel"]')).toBeNull();
  });

  it('updates a row from the project event stream without reloading the list', async () => {
    setup((r) =>
      r.url.startsWith('/api/v2/learnings?')
        ? page([item({ id: 1, name: 'live_one', progress: 10 })])
        : undefined,
    );
    show();
    await settle();
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/v2/learnings/events?project_id=3&ticket=tkt');
    const before = requests.length;
    await settle(1);
    // The stream speaks the browser language (no x-locale on EventSource): the cached algorithm name stays.
    es.emit(
      'status',
      item({
        id: 1,
        name: 'live_one',
        progress: 73,
        phase: 'validating',
        epoch: 4,
        algorithm: { id: 11, name: '분류 (ResNet)', engine_key: 'cf-resnet' },
      }),
    );
    await settle();
    expect(row('live_one').textContent).toContain('73%');
    expect(row('live_one').textContent).toContain('검증');
    expect(row('live_one').textContent).toContain('Classification (ResNet)');
    expect(requests.length).toBe(before);
    // A training deleted elsewhere: the page is asked again.
    const lists = () => requests.filter((r) => r.url.startsWith('/api/v2/learnings?')).length;
    const n = lists();
    es.emit('deleted', { id: 1 });
    await wait(400);
    await settle();
    expect(lists()).toBe(n + 1);
  });

  it('shows the server message when a training can no longer be canceled', async () => {
    const message = '현재 상태(done)에서는 학습을 취소할 수 없습니다.';
    setup((r) => {
      if (r.url.startsWith('/api/v2/learnings?')) return page([item({ id: 9, name: 'late' })]);
      if (r.method === 'POST' && r.url === '/api/v2/learnings/9/cancel')
        return { status: 409, body: { error: { code: 'LEARNING_NOT_CANCELABLE', message } } };
      return undefined;
    });
    show();
    await settle();
    await click(row('late').querySelector('[data-testid="learning-cancel"]'));
    await settle();
    await click($('[data-testid="confirm-ok"]'));
    await settle();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/v2/learnings/9/cancel')).toBe(true);
    expect(flashError).toHaveBeenCalledWith(message);
  });

  it('deletes a finished training after confirmation', async () => {
    setup((r) => {
      if (r.url.startsWith('/api/v2/learnings?'))
        return page([item({ id: 4, name: 'old', status: 'done', progress: 100 })]);
      if (r.method === 'DELETE' && r.url === '/api/v2/learnings/4')
        return { body: { data: { deleted: true } } };
      return undefined;
    });
    show();
    await settle();
    await click(row('old').querySelector('[data-testid="learning-delete"]'));
    await settle();
    await click($('[data-testid="confirm-ok"]'));
    await settle();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/v2/learnings/4']);
    expect(flashError).not.toHaveBeenCalled();
  });

  it('shows the empty state', async () => {
    setup((r) => (r.url.startsWith('/api/v2/learnings?') ? page([]) : undefined));
    show();
    await settle();
    expect($('[data-testid="empty-state"]')!.textContent).toContain('아직 학습이 없습니다');
  });
});
