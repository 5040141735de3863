// The sg workspace's click-segmentation model box: refine is offered only with enough masked images;
// starting it shows the job's progress (and can be cancelled); a failed job shows its translated error;
// a refinement that scored clearly lower than the default says it was not kept; a refined pair shows its
// held-out IoU and can be reverted (the segmenter then forgets the old pair).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectSegmentModel } from '@sightline/domain';
import '../../../i18n';
import { SegmentModelPanel } from '../components/SegmentModelPanel';
import { $, cleanup, click, render, settle } from '../../evaluation/__tests__/render';

const flashError = vi.fn();
const resetSegmentModel = vi.fn();
vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: (m: string) => flashError(m) }));
vi.mock('../hooks/useSegmenter', () => ({ resetSegmentModel: () => resetSegmentModel() }));

const base: ProjectSegmentModel = {
  active: 'default',
  refined: null,
  job: null,
  masked_images: 12,
  min_images: 10,
  can_refine: true,
};
const job = (over: Partial<NonNullable<ProjectSegmentModel['job']>>) => ({
  id: 'j1',
  status: 'running' as const,
  progress: 40,
  message: 'step 20, IoU 0.31',
  error: null,
  outcome: null,
  created_at: '2026-11-28T05:00:00.000Z',
  finished_at: null,
  ...over,
});
const refined = {
  id: 'a'.repeat(24),
  name: 'sightline-click-seg-refined',
  input_size: 128,
  embedding: [1, 32, 32, 32],
  mask_size: 256,
  trained_at: '2026-11-28T05:01:00.000Z',
  job_id: 'j1',
  images: 12,
  steps: 400,
  iou_before: 0.2387,
  iou_after: 0.3012,
};

let answers: Record<string, () => { status?: number; body: unknown }>;
const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  flashError.mockReset();
  resetSegmentModel.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
      requests.push(key);
      const a = answers[key]?.() ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: key } } };
      return new Response(JSON.stringify(a.body), {
        status: a.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL_ = '/api/v2/projects/7/segment-model';

describe('segment model panel', () => {
  it('offers refine only with enough masked images', async () => {
    answers = {
      [`GET ${URL_}`]: () => ({ body: { data: { ...base, masked_images: 4, can_refine: false } } }),
    };
    render(<SegmentModelPanel projectId={7} />);
    await settle();
    expect($('[data-testid="segment-model-panel"]')!.textContent).toContain(
      '마스크가 있는 이미지 4장 (보정에 10장 필요)',
    );
    expect($<HTMLButtonElement>('[data-testid="segment-refine"]')!.disabled).toBe(true);
    expect($('[data-testid="segment-revert"]')).toBeNull();
  });

  it('starts a refinement and shows its progress; a refused start shows the server message', async () => {
    answers = {
      [`GET ${URL_}`]: () => ({ body: { data: base } }),
      [`POST ${URL_}/refine`]: () => ({
        status: 202,
        body: { data: { ...base, can_refine: false, job: job({}) } },
      }),
    };
    render(<SegmentModelPanel projectId={7} />);
    await settle();
    await click($('[data-testid="segment-refine"]'));
    expect(requests).toContain(`POST ${URL_}/refine`);
    expect($('[data-testid="segment-refine-progress"]')).not.toBeNull();
    expect($('[data-testid="segment-model-panel"]')!.textContent).toContain('40% step 20, IoU 0.31');
    expect($<HTMLButtonElement>('[data-testid="segment-refine"]')!.disabled).toBe(true);
    answers[`POST /api/jobs/j1/cancel`] = () => ({ body: { data: {} } });
    answers[`GET ${URL_}`] = () => ({ body: { data: { ...base, job: job({ status: 'cancelled' }) } } });
    await click($('[data-testid="segment-refine-cancel"]'));
    expect(requests).toContain('POST /api/jobs/j1/cancel');
    expect($('[data-testid="segment-refine-cancel"]')).toBeNull();
    expect($<HTMLButtonElement>('[data-testid="segment-refine"]')!.disabled).toBe(false);

    cleanup();
    const message = '마스크가 있는 세그먼트 이미지가 10장 이상 필요합니다. (현재 9장)';
    answers[`POST ${URL_}/refine`] = () => ({
      status: 409,
      body: { error: { code: 'SEGMENT_REFINE_TOO_FEW', message } },
    });
    render(<SegmentModelPanel projectId={7} />);
    await settle();
    await click($('[data-testid="segment-refine"]'));
    expect(flashError).toHaveBeenCalledWith(message);
  });

  it("shows a failed job's error, a refined pair's IoU, and reverts to the default", async () => {
    const failed = job({ status: 'failed', error: { code: 'SEGMENT_REFINE_FAILED', message: '보정 실패' } });
    answers = {
      [`GET ${URL_}`]: () => ({ body: { data: { ...base, job: failed } } }),
    };
    render(<SegmentModelPanel projectId={7} />);
    await settle();
    expect($('[data-testid="segment-refine-error"]')!.textContent).toBe('보정 실패');
    cleanup();

    const notKept = job({
      status: 'succeeded',
      progress: 100,
      outcome: { kept: false, iou_before: 0.5, iou_after: 0.48 },
    });
    answers = { [`GET ${URL_}`]: () => ({ body: { data: { ...base, job: notKept } } }) };
    render(<SegmentModelPanel projectId={7} />);
    await settle();
    expect($('[data-testid="segment-refine-not-kept"]')!.textContent).toBe(
      '마지막 보정 결과가 검증 이미지에서 더 낮아 (IoU 0.50 → 0.48) 적용하지 않았습니다.',
    );
    expect($('[data-testid="segment-model-panel"]')!.dataset.active).toBe('default');
    cleanup();

    answers = {
      [`GET ${URL_}`]: () => ({
        body: {
          data: { ...base, active: 'refined', refined, job: job({ status: 'succeeded', progress: 100 }) },
        },
      }),
      [`DELETE ${URL_}`]: () => ({ body: { data: base } }),
    };
    render(<SegmentModelPanel projectId={7} />);
    await settle();
    const panel = $('[data-testid="segment-model-panel"]')!;
    expect(panel.dataset.active).toBe('refined');
    expect($('[data-testid="segment-refined-iou"]')!.textContent).toBe(
      '검증 이미지 IoU 0.24 → 0.30 (이미지 12장)',
    );
    await click($('[data-testid="segment-revert"]'));
    expect(requests).toContain(`DELETE ${URL_}`);
    expect($('[data-testid="segment-model-panel"]')!.dataset.active).toBe('default');
    expect(resetSegmentModel).toHaveBeenCalledTimes(1);
  });
});
