// The route table of learning, evaluation and compare: the server registers each entry (method, path,
// zod schemas) and the client calls it. Errors answer {error:{code,message}} (api/envelope.ts).
import { z } from 'zod';
import { dataOf, idParamSchema, listOf } from '../api/envelope';
import {
  compareCheckResultSchema,
  compareCheckSchema,
  compareCreateSchema,
  compareDetailSchema,
  compareListItemSchema,
  disagreementRowSchema,
  evaluationCreateSchema,
  evaluationDetailSchema,
  evaluationListItemSchema,
  evaluationListQuerySchema,
  resultQuerySchema,
  resultRowSchema,
} from '../inference/schemas';
import {
  learningCreateSchema,
  learningDetailSchema,
  learningFileParamsSchema,
  learningListItemSchema,
  learningListQuerySchema,
  modelNameCheckQuerySchema,
  modelNameCheckSchema,
} from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export interface RouteDef {
  method: HttpMethod;
  /** Fastify style (`:id`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success status (200 unless said). */
  status?: number;
  /** JSON answer; absent for `sse` and `binary` routes. */
  response?: z.ZodType;
  /** Server-sent events (a single-use `?ticket=` from POST /api/auth/sse-ticket, like /api/jobs/{id}/events). */
  sse?: boolean;
  /** A file download (`Content-Disposition: attachment`). */
  binary?: boolean;
  /** Error codes the route may answer beyond the common ones (401/403/404/400 validation). */
  errors?: readonly string[];
}

const deleted = dataOf(z.object({ deleted: z.literal(true) }));
const projectQuery = z.object({ project_id: z.coerce.number().int().positive() });
const compareListQuery = projectQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
const idAndPage = idParamSchema;

export const TRAIN_ROUTES = {
  // ---- learning ----
  listLearnings: {
    method: 'GET',
    path: '/api/v2/learnings',
    query: learningListQuerySchema,
    response: listOf(learningListItemSchema),
  },
  checkModelName: {
    method: 'GET',
    path: '/api/v2/learnings/check-name',
    query: modelNameCheckQuerySchema,
    response: dataOf(modelNameCheckSchema),
  },
  createLearning: {
    method: 'POST',
    path: '/api/v2/learnings',
    body: learningCreateSchema,
    status: 201,
    response: dataOf(learningDetailSchema),
    errors: [
      'MODEL_NAME_EXISTS',
      'CONCURRENT_TRAINING_LIMIT',
      'LEARNING_COUNT_LIMIT',
      'ALGORITHM_NOT_AVAILABLE',
      'ALGORITHM_TASK_MISMATCH',
      'TRAIN_PARAM_INVALID',
      'TRAIN_PARAM_INVALID_AUTO',
      'TARGET_REGION_LIMIT',
      'TARGET_REGION_SAME_SIZE',
      'OK_CLASS_REQUIRED',
      'RELEARN_CLASS_MISMATCH',
      'DATASET_PURPOSE_MISMATCH',
    ],
  },
  getLearning: {
    method: 'GET',
    path: '/api/v2/learnings/:id',
    params: idParamSchema,
    response: dataOf(learningDetailSchema),
  },
  learningEvents: { method: 'GET', path: '/api/v2/learnings/:id/events', params: idParamSchema, sse: true },
  projectLearningEvents: { method: 'GET', path: '/api/v2/learnings/events', query: projectQuery, sse: true },
  cancelLearning: {
    method: 'POST',
    path: '/api/v2/learnings/:id/cancel',
    params: idParamSchema,
    response: dataOf(learningDetailSchema),
    errors: ['LEARNING_NOT_CANCELABLE'],
  },
  deleteLearning: {
    method: 'DELETE',
    path: '/api/v2/learnings/:id',
    params: idParamSchema,
    response: deleted,
    errors: ['LEARNING_DELETE_IN_PROGRESS'],
  },
  learningFile: {
    method: 'GET',
    path: '/api/v2/learnings/:id/files/:file',
    params: learningFileParamsSchema,
    binary: true,
  },
  // ---- single evaluation ----
  listEvaluations: {
    method: 'GET',
    path: '/api/v2/evaluations',
    query: evaluationListQuerySchema,
    response: listOf(evaluationListItemSchema),
  },
  createEvaluation: {
    method: 'POST',
    path: '/api/v2/evaluations',
    body: evaluationCreateSchema,
    status: 201,
    response: dataOf(evaluationDetailSchema),
    errors: ['LEARNING_NOT_DONE', 'DATASET_PURPOSE_MISMATCH', 'EVALUATION_TASK_MISMATCH'],
  },
  getEvaluation: {
    method: 'GET',
    path: '/api/v2/evaluations/:id',
    params: idParamSchema,
    response: dataOf(evaluationDetailSchema),
  },
  evaluationEvents: {
    method: 'GET',
    path: '/api/v2/evaluations/:id/events',
    params: idParamSchema,
    sse: true,
  },
  evaluationResults: {
    method: 'GET',
    path: '/api/v2/evaluations/:id/results',
    params: idAndPage,
    query: resultQuerySchema,
    response: listOf(resultRowSchema),
  },
  cancelEvaluation: {
    method: 'POST',
    path: '/api/v2/evaluations/:id/cancel',
    params: idParamSchema,
    response: dataOf(evaluationDetailSchema),
    errors: ['EVALUATION_NOT_CANCELABLE'],
  },
  deleteEvaluation: {
    method: 'DELETE',
    path: '/api/v2/evaluations/:id',
    params: idParamSchema,
    response: deleted,
    errors: ['EVALUATION_DELETE_IN_PROGRESS'],
  },
  /** Result download request (Result tab): predictions CSV/JSON + overlay images, a download job. */
  requestEvaluationDownload: {
    method: 'POST',
    path: '/api/v2/evaluations/:id/download',
    params: idParamSchema,
    status: 201,
    response: dataOf(z.object({ job_id: z.string() })),
  },
  // ---- compare ----
  listCompares: {
    method: 'GET',
    path: '/api/v2/compares',
    query: compareListQuery,
    response: listOf(compareListItemSchema),
  },
  checkCompare: {
    method: 'POST',
    path: '/api/v2/compares/check',
    body: compareCheckSchema,
    response: dataOf(compareCheckResultSchema),
    errors: ['TRIAL_NO_COMPARE'],
  },
  createCompare: {
    method: 'POST',
    path: '/api/v2/compares',
    body: compareCreateSchema,
    status: 201,
    response: dataOf(compareDetailSchema),
    errors: [
      'CLASS_INFO_MISMATCH',
      'TRIAL_NO_COMPARE',
      'COMPARE_MODEL_COUNT',
      'LEARNING_NOT_DONE',
      'DATASET_PURPOSE_MISMATCH',
    ],
  },
  getCompare: {
    method: 'GET',
    path: '/api/v2/compares/:id',
    params: idParamSchema,
    response: dataOf(compareDetailSchema),
  },
  compareDisagreements: {
    method: 'GET',
    path: '/api/v2/compares/:id/disagreements',
    params: idParamSchema,
    query: resultQuerySchema.pick({ page: true, perPage: true }),
    response: listOf(disagreementRowSchema),
  },
  cancelCompare: {
    method: 'POST',
    path: '/api/v2/compares/:id/cancel',
    params: idParamSchema,
    response: dataOf(compareDetailSchema),
    errors: ['EVALUATION_NOT_CANCELABLE'],
  },
  deleteCompare: {
    method: 'DELETE',
    path: '/api/v2/compares/:id',
    params: idParamSchema,
    response: deleted,
    errors: ['EVALUATION_DELETE_IN_PROGRESS'],
  },
} as const satisfies Record<string, RouteDef>;
export type TrainRouteName = keyof typeof TRAIN_ROUTES;

/** Fills `:name` segments of a route path (URL-encoded); throws when one is missing. */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** Matches a concrete path against a route path; the `:name` values, or null. */
export function matchRoutePath(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('?')[0]!.split('/');
  if (a.length !== b.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(':')) out[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return null;
  }
  return out;
}
