// The evaluation list: rows with status, progress and headline metric; cancel and delete follow the
// rules of SPEC §4 with translated messages (status named) before anything is sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { setSession } from '../../../session/store';
import type { UserProject } from '../../../session/types';
import EvaluationListPage from '../pages/EvaluationListPage';
import { evaluation } from './fixtures';
import { mockTrainServer, type MockServer } from './mock-train-server';
import { $$, cleanup, click, render, settle } from './render';

const flashError = vi.fn();
vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: (m: string) => flashError(m) }));

let server: MockServer;
const rows = [
  evaluation({ id: 1, name: 'eval_done' }),
  evaluation({ id: 2, name: 'eval_running', status: 'running', progress: 40, metrics: {}, detail: null }),
];

beforeEach(() => {
  flashError.mockReset();
  setSession({
    currentProject: {
      id: 7,
      code: 'STEEL',
      title: 'Steel line',
      lines: [],
      permissions: [1],
    } as unknown as UserProject,
  });
  server = mockTrainServer({ listEvaluations: () => ({ data: rows, total: 2 }) });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('evaluation list', () => {
  it('shows status, progress and the headline metric of each evaluation', async () => {
    render(<EvaluationListPage />);
    await settle();
    expect(server.of('listEvaluations')[0]!.query).toMatchObject({
      project_id: '7',
      page: '1',
      perPage: '10',
    });
    expect($$('[data-testid="evaluation-status"]').map((s) => s.dataset.status)).toEqual(['done', 'running']);
    expect($$('[data-testid="evaluation-metric"]').map((m) => m.textContent)).toEqual(['정확도 75.0%']);
    expect(document.body.textContent).toContain('40%');
  });

  it('refuses to cancel a finished evaluation and to delete a running one, with the status named', async () => {
    render(<EvaluationListPage />);
    await settle();
    await click($$('[data-testid="evaluation-cancel"]')[0]!);
    expect(flashError).toHaveBeenLastCalledWith('현재 상태(완료)에서는 성능 평가를 취소할 수 없습니다.');
    await click($$('[data-testid="evaluation-delete"]')[1]!);
    expect(flashError).toHaveBeenLastCalledWith('진행 중인 성능 평가는 삭제할 수 없습니다.');
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
