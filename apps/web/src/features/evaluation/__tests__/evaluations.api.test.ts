// The evaluation and compare api modules against a mocked server that checks every request and
// answer against TRAIN_ROUTES (method, path, query, body, response schemas).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ApiError } from '../../../api/api-error';
import { compareApi } from '../../compare/api/compares.api';
import { evaluationApi } from '../api/evaluations.api';
import { AD_ROWS, evaluation, model } from './fixtures';
import { mockTrainServer, type MockServer } from './mock-train-server';

let server: MockServer;

beforeEach(() => {
  server = mockTrainServer({
    listEvaluations: () => ({ data: [evaluation()], total: 1 }),
    getEvaluation: (r) => evaluation({ id: Number(r.params.id) }),
    evaluationResults: () => ({ data: AD_ROWS, total: AD_ROWS.length }),
    createEvaluation: () => evaluation({ status: 'waiting', progress: 0, detail: null }),
    cancelEvaluation: () => ({
      status: 409,
      body: {
        error: {
          code: 'EVALUATION_NOT_CANCELABLE',
          message: '현재 상태(완료)에서는 성능 평가를 취소할 수 없습니다.',
        },
      },
    }),
    deleteEvaluation: () => ({ deleted: true }),
    requestEvaluationDownload: () => ({ job_id: 'job-1' }),
    listLearnings: () => ({ data: [model(31, 'steel_cf')], total: 1 }),
    checkCompare: () => ({ match: false, mismatch: { model_id: 32, index: 1, reason: 'name' } }),
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('evaluation api', () => {
  it('lists the project evaluations with the filters of the list page', async () => {
    const page = await evaluationApi.list(7, { page: '2', perPage: '10', status: 'running', search: 'eval' });
    expect(page.total).toBe(1);
    expect(server.of('listEvaluations')[0]!.query).toEqual({
      project_id: '7',
      status: 'running',
      search: 'eval',
      page: '2',
      perPage: '10',
    });
  });

  it('fills :id from routePath and asks one confusion-matrix cell', async () => {
    expect((await evaluationApi.get(44)).id).toBe(44);
    await evaluationApi.results(44, { filter: 'all', true_class: 1, predicted_class: 0, page: 1 });
    const r = server.of('evaluationResults')[0]!;
    expect(r.path).toBe('/api/v2/evaluations/44/results');
    expect(r.query).toMatchObject({
      filter: 'all',
      true_class: '1',
      predicted_class: '0',
      page: '1',
      perPage: '30',
    });
  });

  it('creates with model, dataset, threshold and parameters', async () => {
    await evaluationApi.create({
      model_id: 31,
      dataset_id: 6,
      threshold: 0.4,
      params: { scoreThreshold: 0.3 },
    });
    expect(server.of('createEvaluation')[0]).toMatchObject({
      method: 'POST',
      body: { model_id: 31, dataset_id: 6, threshold: 0.4, params: { scoreThreshold: 0.3 } },
    });
  });

  it('passes the server refusal of a cancel on as a coded, translated error', async () => {
    const err = await evaluationApi.cancel(44).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'EVALUATION_NOT_CANCELABLE' });
    expect((err as ApiError).message).toContain('취소할 수 없습니다');
    expect(server.of('cancelEvaluation')[0]!.path).toBe('/api/v2/evaluations/44/cancel');
  });

  it('deletes and requests the result download with the route methods', async () => {
    await evaluationApi.remove(44);
    expect(await evaluationApi.requestDownload(44)).toEqual({ job_id: 'job-1' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /api/v2/evaluations/44',
      'POST /api/v2/evaluations/44/download',
    ]);
  });

  it('lists only models whose training is done for the model select dialog', async () => {
    await evaluationApi.models(7, 'steel', 1);
    expect(server.of('listLearnings')[0]!.query).toMatchObject({
      project_id: '7',
      done_only: 'true',
      search: 'steel',
    });
  });
});

describe('compare api', () => {
  it('checks the class information of the chosen models', async () => {
    const res = await compareApi.check([31, 32]);
    expect(res).toEqual({ match: false, mismatch: { model_id: 32, index: 1, reason: 'name' } });
    expect(server.of('checkCompare')[0]!.body).toEqual({ model_ids: [31, 32] });
  });

  it('refuses a request outside the route table schemas', async () => {
    // perPage 500 is above the contract's maximum: the mock (like the server) rejects it.
    await expect(evaluationApi.results(44, { filter: 'all', page: 1, perPage: 500 })).rejects.toBeTruthy();
  });
});
