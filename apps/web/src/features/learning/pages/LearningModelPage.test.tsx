// The model page against a mocked server: live progress (phase, epoch, step, images/s, ETA) and the curve
// growing as SSE progress events arrive, the detail reloaded after an epoch and at the end, translated engine
// warnings, validation metrics and downloads of a finished model, and the path following the model's task.
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  $,
  $$,
  FakeEventSource,
  detail,
  item,
  location,
  render,
  requests,
  settle,
  setup,
  teardown,
  wait,
} from '../test-harness';
import LearningModelPage from './LearningModelPage';

vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: vi.fn() }));

const routes = ['cf', 'od', 'sg'].map((k) => ({
  path: `/train/learning/:id/${k}`,
  element: <LearningModelPage />,
}));
const hist = (epoch: number) => ({
  run: 1,
  epoch,
  train_loss: 1 / epoch,
  val_loss: 1.1 / epoch,
  metrics: { accuracy: epoch / 5 },
  seconds: 3,
});
const progress = (over: Record<string, unknown>) => ({
  learning_id: 1,
  status: 'running',
  phase: 'training',
  progress: 50,
  epoch: 3,
  epochs: 5,
  step: 2,
  steps: 8,
  loss: 0.31,
  metric: null,
  metric_name: null,
  images_per_second: 123.4,
  eta_seconds: 75,
  done: null,
  total: null,
  at: '2026-01-01T00:00:10Z',
  ...over,
});

afterEach(() => teardown());

describe('LearningModelPage', { timeout: 30_000 }, () => {
  it('follows the training live: progress facts and the loss curve as events arrive', async () => {
    let current = detail({ history: [hist(1), hist(2)] });
    setup((r) =>
      r.url === '/api/v2/learnings/1'
        ? { body: { data: current } }
        : r.url.startsWith('/api/algorithms')
          ? { body: { data: { data: [], total: 0 } } }
          : undefined,
    );
    render('/train/learning/1/cf', routes);
    await settle(10);
    expect($('[data-testid="learning-model-name"]')!.textContent).toBe('model_a');
    const es = FakeEventSource.instances.find((e) => e.url.startsWith('/api/v2/learnings/1/events'))!;
    expect(es.url).toBe('/api/v2/learnings/1/events?ticket=tkt');
    const points = () => Number($('[data-testid="loss-chart"]')!.dataset.points);
    expect(points()).toBe(2);

    es.emit('progress', progress({ step: 2 }));
    es.emit('progress', progress({ step: 6, loss: 0.28, progress: 55 }));
    await settle();
    expect(points()).toBe(4);
    const live = $('[data-testid="learning-live"]')!.textContent!;
    expect(live).toContain('55%');
    expect(live).toContain('3 / 5');
    expect(live).toContain('6 / 8');
    expect(live).toContain('123.4 장/초');
    expect(live).toContain('1분 15초');

    // The end of an epoch (metric) reloads the detail, whose history now holds epoch 3.
    current = detail({ history: [hist(1), hist(2), hist(3)], progress: 60 });
    const before = requests.filter((r) => r.url === '/api/v2/learnings/1').length;
    es.emit('progress', progress({ step: 8, metric: 0.6, metric_name: 'accuracy', progress: 60 }));
    await wait(300);
    await settle(10);
    expect(requests.filter((r) => r.url === '/api/v2/learnings/1').length).toBe(before + 1);
    expect(points()).toBe(3);
    expect(Number($('[data-testid="metric-chart"]')!.dataset.points)).toBe(3);

    // A new epoch number in a status event also means the previous epoch is in the history.
    current = detail({ history: [hist(1), hist(2), hist(3), hist(4)], progress: 80, epoch: 5 });
    es.emit('status', item({ epoch: 5, progress: 80 }));
    await wait(300);
    await settle(10);
    expect(points()).toBe(4);

    // A terminal status closes the stream (EventSource would reconnect otherwise) and reloads.
    current = detail({ history: [hist(1), hist(2), hist(3)], status: 'done', progress: 100 });
    es.emit('status', item({ status: 'done', progress: 100 }));
    await settle(10);
    expect(es.closed).toBe(true);
    expect($('[data-testid="learning-live"]')).toBeNull();
  });

  it('shows translated warnings, validation metrics and downloads of a finished model', async () => {
    setup((r) =>
      r.url === '/api/v2/learnings/1'
        ? {
            body: {
              data: detail({
                status: 'done',
                progress: 100,
                history: [hist(1)],
                warnings: ['MODEL_DEGENERATE'],
                params: { epochs: 0, inputSize: 0, width: 8 },
                auto: { epochs: 40 },
                validation: {
                  accuracy: 0.5,
                  perClass: [
                    { precision: 1, recall: 0.5 },
                    { precision: 0.4, recall: 1 },
                  ],
                },
                files: [
                  { name: 'manifest.json', size: 2048 },
                  { name: 'model.pt', size: 3 << 20 },
                  { name: 'model.onnx', size: 1 << 20 },
                ],
              }),
            },
          }
        : r.url.startsWith('/api/algorithms')
          ? { body: { data: { data: [], total: 0 } } }
          : undefined,
    );
    render('/train/learning/1/cf', routes);
    await settle(10);
    expect($('[data-testid="learning-warnings"]')!.textContent).toContain(
      '모델이 아무것도 배우지 못했습니다',
    );
    expect($('[data-testid="validation-metric"][data-metric="accuracy"]')!.textContent).toBe(
      'accuracy: 0.5000',
    );
    expect($('[data-testid="validation-per-class"]')!.textContent).toContain('scratch');
    expect($$('[data-testid="learning-download"]').map((b) => b.dataset.file)).toEqual([
      'model.onnx',
      'manifest.json',
      'model.pt',
    ]);
    expect(FakeEventSource.instances.filter((e) => e.url.includes('/learnings/1/events'))).toHaveLength(0);
    expect(($('[data-testid="model-delete"]') as HTMLButtonElement).disabled).toBe(false);
    // Auto params: the value the engine picked, or 'auto' when it did not report one.
    expect($('[data-param-value="epochs"]')!.textContent).toBe('자동 → 40');
    expect($('[data-param-value="inputSize"]')!.textContent).toBe('0');
    expect($('[data-param-value="width"]')!.textContent).toBe('8');
  });

  it('moves an od model opened under /cf to its own path', async () => {
    setup((r) =>
      r.url === '/api/v2/learnings/1'
        ? { body: { data: detail({ task: 'od', status: 'done' }) } }
        : { body: { data: { data: [], total: 0 } } },
    );
    render('/train/learning/1/cf', routes);
    await settle(10);
    expect(location).toBe('/train/learning/1/od');
  });
});
