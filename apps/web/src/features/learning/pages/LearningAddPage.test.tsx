// The add form against a mocked server: the task's default algorithm preselected with a parameter form from
// the admin row, min/max checked before sending, the debounced duplicate name check, default OK classes, the
// request sent, and server refusals shown on their field or above the form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  $,
  $$,
  click,
  detail,
  location,
  render,
  requests,
  settle,
  setup,
  teardown,
  type,
  wait,
  type Req,
} from '../test-harness';
import LearningAddPage from './LearningAddPage';

const flashError = vi.fn();
vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: (m: string) => flashError(m) }));

const p = (key: string, min: number, max: number, def: number, integer = false) => ({
  key,
  name: { ko: key, en: key },
  description: { ko: `${key} 설명`, en: key },
  min,
  max,
  default: def,
  integer,
});
const algo = (id: number, engineKey: string) => ({
  id,
  engineKey,
  name: { ko: engineKey, en: engineKey },
  description: { ko: '', en: '' },
  kind: 'training',
  workType: 'cf',
  scope: 'all',
  projects: [],
  trainParams: [
    p('epochs', 1, 200, 30, true),
    p('learningRate', 0.0001, 0.1, 0.002),
    p('valSplit', 0.05, 0.5, 0.25),
  ],
  inferenceParams: [],
  augmentationParams: [],
  descriptionFile: null,
  createdAt: '',
  updatedAt: '',
});
const cls = (id: number, name: string, order: number) => ({
  id,
  name,
  color: '#fff',
  is_ok: false,
  order,
  image_count: 10,
});

function server(create?: (r: Req) => { status?: number; body: unknown }) {
  return (r: Req) => {
    const u = r.url;
    if (u.startsWith('/api/v2/datasets?'))
      return {
        body: {
          data: {
            data: [
              { id: 21, name: 'set_a', type: 'cf', purpose: 'preprocessing' },
              { id: 22, name: 'held_back', type: 'cf', purpose: 'evaluation' },
            ],
            total: 2,
          },
        },
      };
    if (u === '/api/v2/datasets/21')
      return {
        body: {
          data: {
            id: 21,
            name: 'set_a',
            type: 'cf',
            purpose: 'preprocessing',
            image_count: 30,
            class_count: 3,
            classes: [cls(1, 'scratch', 1), cls(2, 'good', 0), cls(3, 'dent', 2)],
          },
        },
      };
    if (u.startsWith('/api/v2/datasets/21/images'))
      return {
        body: {
          data: {
            data: [{ id: 'a', width: 96, height: 64, original_url: '/o/a', thumb_url: '/t/a' }],
            total: 1,
          },
        },
      };
    if (u.startsWith('/api/algorithms?'))
      return { body: { data: { data: [algo(1, 'cf-other'), algo(2, 'cf-resnet')], total: 2 } } };
    if (u.startsWith('/api/v2/learnings/check-name'))
      return {
        body: {
          data: u.includes('name=taken')
            ? { available: false, code: 'MODEL_NAME_EXISTS' }
            : { available: true, code: null },
        },
      };
    if (r.method === 'POST' && u === '/api/v2/learnings' && create) return create(r);
    return undefined;
  };
}

const show = () =>
  render('/train/learning/add?dataset=21', [{ path: '/train/learning/add', element: <LearningAddPage /> }]);
const nameInput = () => $('[data-testid="learning-name"]')!;
const posts = () => requests.filter((r) => r.method === 'POST');

afterEach(() => {
  teardown();
  flashError.mockReset();
});

describe('LearningAddPage', { timeout: 30_000 }, () => {
  it('preselects the default algorithm and generates its parameter form; OK classes by name', async () => {
    setup(server());
    show();
    await settle(10);
    expect(
      requests.some((r) => r.url === '/api/algorithms?projectId=3&kind=training&workType=cf&perPage=100'),
    ).toBe(true);
    expect(($('[data-testid="learning-algorithm"]') as HTMLInputElement).value).toContain('cf-resnet');
    // valSplit is the validation split field, not a parameter input.
    expect($$('[data-param]').map((e) => e.dataset.param)).toEqual(['epochs', 'learningRate']);
    expect(($('[data-testid="param-epochs"]') as HTMLInputElement).value).toBe('30');
    expect($('[data-testid="learning-form"]')!.textContent).toContain('검증 데이터 비율: 25%');
    const checked = $$('[data-testid="ok-class"]')
      .filter((e) => (e.querySelector('input') ?? (e as HTMLInputElement)).checked)
      .map((e) => e.dataset.class ?? e.closest('[data-class]')?.getAttribute('data-class'));
    expect(checked).toEqual(['good']);
    // Classes in their dataset order.
    expect(
      $$('[data-testid="ok-class"]').map(
        (e) => e.dataset.class ?? e.closest('[data-class]')?.getAttribute('data-class'),
      ),
    ).toEqual(['good', 'scratch', 'dent']);
  });

  it('checks the model name against the server after typing stops', async () => {
    setup(server());
    show();
    await settle(10);
    await type(nameInput(), 'tak');
    await type(nameInput(), 'taken');
    await wait(500);
    await settle();
    const checks = requests.filter((r) => r.url.startsWith('/api/v2/learnings/check-name'));
    expect(checks.map((r) => r.url)).toEqual(['/api/v2/learnings/check-name?project_id=3&name=taken']);
    expect($('[data-testid="learning-form"]')!.textContent).toContain('이미 존재하는 모델 이름입니다.');
    // A malformed name is refused by the domain rule without asking the server.
    await type(nameInput(), 'bad name!');
    await wait(500);
    expect(requests.filter((r) => r.url.startsWith('/api/v2/learnings/check-name'))).toHaveLength(1);
    expect($('[data-testid="learning-form"]')!.textContent).toContain("'-', '_'");
  });

  it('refuses a parameter outside the admin row range without sending', async () => {
    setup(server(() => ({ status: 201, body: { data: detail({ id: 77 }) } })));
    show();
    await settle(10);
    await type(nameInput(), 'model_b');
    await type($('[data-testid="param-epochs"]'), '500');
    await settle();
    expect($('[data-testid="param-form"]')!.textContent).toContain(
      '파라미터 epochs의 값은 1 이상 200 이하여야 합니다.',
    );
    await click($('[data-testid="learning-submit"]'));
    await settle();
    expect(posts()).toHaveLength(0);
  });

  it('sends the request and opens the model page', async () => {
    setup(server(() => ({ status: 201, body: { data: detail({ id: 77, name: 'model_b' }) } })));
    show();
    await settle(10);
    await type(nameInput(), 'model_b');
    await type($('[data-testid="param-epochs"]'), '3');
    await wait(450);
    await settle();
    await click($('[data-testid="learning-submit"]'));
    await settle(10);
    expect(posts().map((r) => r.body)).toEqual([
      {
        dataset_id: 21,
        name: 'model_b',
        algorithm_id: 2,
        params: { epochs: 3, learningRate: 0.002 },
        regions: [],
        validation_split: 0.25,
        ok_classes: ['good'],
      },
    ]);
    expect(location).toBe('/train/learning/77/cf');
  });

  it('shows a limit refusal above the form and a name refusal on the field', async () => {
    let answer = {
      code: 'CONCURRENT_TRAINING_LIMIT',
      message: '사용자당 동시 학습은 최대 3개까지 가능합니다.',
    };
    setup(server(() => ({ status: 409, body: { error: answer } })));
    show();
    await settle(10);
    await type(nameInput(), 'model_c');
    await wait(450);
    await click($('[data-testid="learning-submit"]'));
    await settle(10);
    expect($('[data-testid="learning-form-error"]')!.textContent).toContain(answer.message);
    expect(flashError).toHaveBeenCalledWith(answer.message);
    answer = { code: 'MODEL_NAME_EXISTS', message: '이미 존재하는 모델 이름입니다.' };
    await click($('[data-testid="learning-submit"]'));
    await settle(10);
    const field =
      nameInput().closest('.mantine-InputWrapper-root') ?? nameInput().parentElement!.parentElement!;
    expect(field.textContent).toContain(answer.message);
  });
});
