// Relearning against a mocked server: the base model preselected (?base=), its algorithm and parameters kept,
// the dataset classes checked against the model's (order, name, OK flag) before anything is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  $,
  click,
  detail,
  item,
  render,
  requests,
  settle,
  setup,
  teardown,
  type,
  wait,
  type Req,
} from '../test-harness';
import RelearningPage from './RelearningPage';

vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: vi.fn() }));

const param = (key: string, min: number, max: number, def: number) => ({
  key,
  name: { ko: key, en: key },
  description: { ko: key, en: key },
  min,
  max,
  default: def,
  integer: true,
});
const cls = (id: number, name: string, order: number) => ({
  id,
  name,
  color: '#fff',
  is_ok: false,
  order,
  image_count: 5,
});

function server(baseClasses: { index: number; name: string; ok: boolean }[]) {
  return (r: Req) => {
    const u = r.url;
    if (u === '/api/v2/learnings/5')
      return {
        body: {
          data: detail({
            id: 5,
            name: 'base_model',
            status: 'done',
            algorithm: { id: 2, name: 'ResNet', engine_key: 'cf-resnet' },
            params: { epochs: 7 },
            classes: baseClasses,
          }),
        },
      };
    if (u.startsWith('/api/v2/learnings?'))
      return { body: { data: { data: [item({ id: 5, name: 'base_model', status: 'done' })], total: 1 } } };
    if (u.startsWith('/api/v2/datasets?'))
      return {
        body: {
          data: { data: [{ id: 21, name: 'more_data', type: 'cf', purpose: 'preprocessing' }], total: 1 },
        },
      };
    if (u === '/api/v2/datasets/21')
      return {
        body: {
          data: {
            id: 21,
            name: 'more_data',
            type: 'cf',
            purpose: 'preprocessing',
            image_count: 9,
            class_count: 3,
            classes: [cls(1, 'good', 0), cls(2, 'scratch', 1), cls(3, 'dent', 2)],
          },
        },
      };
    if (u.startsWith('/api/v2/datasets/21/images')) return { body: { data: { data: [], total: 0 } } };
    if (u.startsWith('/api/algorithms?'))
      return {
        body: {
          data: {
            data: [1, 2].map((id) => ({
              id,
              engineKey: id === 2 ? 'cf-resnet' : 'cf-x',
              name: { ko: `a${id}`, en: `a${id}` },
              workType: 'cf',
              kind: 'training',
              trainParams: [param('epochs', 1, 100, 30)],
            })),
            total: 2,
          },
        },
      };
    if (u.startsWith('/api/v2/learnings/check-name'))
      return { body: { data: { available: true, code: null } } };
    if (r.method === 'POST' && u === '/api/v2/learnings')
      return { status: 201, body: { data: detail({ id: 6 }) } };
    return undefined;
  };
}

const show = () =>
  render('/train/learning/relearning?base=5&dataset=21', [
    { path: '/train/learning/relearning', element: <RelearningPage /> },
  ]);
const posts = () => requests.filter((r) => r.method === 'POST');

afterEach(() => teardown());

describe('RelearningPage', { timeout: 30_000 }, () => {
  it('refuses data whose classes differ from the base model', async () => {
    setup(
      server([
        { index: 0, name: 'good', ok: true },
        { index: 1, name: 'scratch', ok: false },
      ]),
    );
    show();
    await settle(12);
    expect($('[data-testid="relearn-class-mismatch"]')!.textContent).toContain(
      '3번째 클래스: 클래스 수가 다름',
    );
    await type($('[data-testid="learning-name"]'), 'relearned');
    await wait(450);
    await click($('[data-testid="learning-submit"]'));
    await settle();
    expect(posts()).toHaveLength(0);
  });

  it('continues the base model with its algorithm and parameters', async () => {
    setup(
      server([
        { index: 0, name: 'good', ok: true },
        { index: 1, name: 'scratch', ok: false },
        { index: 2, name: 'dent', ok: false },
      ]),
    );
    show();
    await settle(12);
    expect($('[data-testid="relearn-class-mismatch"]')).toBeNull();
    expect(($('[data-testid="param-epochs"]') as HTMLInputElement).value).toBe('7');
    await type($('[data-testid="learning-name"]'), 'relearned');
    await wait(450);
    await click($('[data-testid="learning-submit"]'));
    await settle(10);
    expect(posts().map((r) => r.body)).toEqual([
      expect.objectContaining({
        base_learning_id: 5,
        algorithm_id: 2,
        dataset_id: 21,
        params: { epochs: 7 },
        ok_classes: ['good'],
      }),
    ]);
  });
});
