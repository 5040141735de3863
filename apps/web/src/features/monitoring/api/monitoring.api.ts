// Calls of /api/v2/monitoring (answers unwrapped from {data}); image URLs come signed from the server.
import type {
  Deployment,
  InspectionDetail,
  InspectionRow,
  LineKey,
  LineQuality,
  LineReport,
  LineStatus,
  VerificationOption,
} from '@sightline/domain';
import { api, buildUrl, type Paged, type Query } from '../../../api/client';

const B = '/api/v2/monitoring';

export interface DeployableModel {
  id: number;
  name: string;
  task: string;
  algorithm: string;
  metrics: Record<string, number>;
  finished_at: string | null;
}

export const monitoringKeys = {
  status: (lineId: number) => ['monitoring', 'status', lineId] as const,
  history: (lineId: number) => ['monitoring', 'history', lineId] as const,
  keys: (lineId: number) => ['monitoring', 'keys', lineId] as const,
  models: (projectId: number) => ['monitoring', 'models', projectId] as const,
  option: (lineId: number) => ['monitoring', 'option', lineId] as const,
  search: (q: Query) => ['monitoring', 'inspections', q] as const,
  samples: (q: Query) => ['monitoring', 'samples', q] as const,
  quality: (lineId: number) => ['monitoring', 'quality', lineId] as const,
  drift: (lineId: number) => ['monitoring', 'drift', lineId] as const,
  report: (q: Query) => ['monitoring', 'line-report', q] as const,
  inspection: (id: string) => ['monitoring', 'inspection', id] as const,
};

export const monitoringApi = {
  status: (lineId: number, signal?: AbortSignal) =>
    api.get<LineStatus>(`${B}/lines/${lineId}/status`, { signal }),
  history: (lineId: number) => api.get<Deployment[]>(`${B}/lines/${lineId}/deployments`),
  deployment: (id: number) => api.get<Deployment>(`${B}/deployments/${id}`),
  models: (projectId: number) =>
    api.get<DeployableModel[]>(`${B}/models`, { query: { project_id: projectId } }),
  deploy: (body: {
    line_id: number;
    model_id: number;
    threshold: number;
    period_start?: string | null;
    period_end?: string | null;
    description?: string;
  }) => api.post<Deployment>(`${B}/deployments`, body),
  rollback: (lineId: number) => api.post<Deployment>(`${B}/lines/${lineId}/rollback`),
  keys: (lineId: number) => api.get<LineKey[]>(`${B}/lines/${lineId}/keys`),
  createKey: (lineId: number, name: string) =>
    api.post<LineKey & { key: string }>(`${B}/lines/${lineId}/keys`, { name }),
  revokeKey: (id: number) => api.delete<LineKey>(`${B}/keys/${id}`),
  search: (q: Query, signal?: AbortSignal) =>
    api.get<Paged<InspectionRow>>(`${B}/inspections`, { query: q, signal }),
  samples: (q: Query) => api.get<Paged<InspectionRow>>(`${B}/samples`, { query: q }),
  inspection: (id: string) => api.get<InspectionDetail>(`${B}/inspections/${id}`),
  verify: (id: string, judgement: 'OK' | 'NG', class_name?: string | null) =>
    api.post(`${B}/inspections/${id}/verify`, { judgement, class_name }),
  sample: (lineId: number) => api.post<{ sampled: number }>(`${B}/lines/${lineId}/sample`, {}),
  correctionsDataset: (lineId: number) =>
    api.post<{ dataset_id: number; name: string; images: number }>(
      `${B}/lines/${lineId}/corrections-dataset`,
    ),
  drift: (lineId: number) =>
    api.get<{
      deployment_id: number | null;
      reference_count: number;
      current_count: number;
      psi: Record<string, number>;
      threshold: number;
      drifted: boolean;
    }>(`${B}/lines/${lineId}/drift`),
  quality: (lineId: number) => api.get<LineQuality>(`${B}/lines/${lineId}/quality`),
  option: (lineId: number) => api.get<VerificationOption>(`${B}/lines/${lineId}/verification-option`),
  saveOption: (lineId: number, o: VerificationOption) =>
    api.put<VerificationOption>(`${B}/lines/${lineId}/verification-option`, o),
  lineReport: (q: Query) => api.get<LineReport>(`${B}/line-report`, { query: q }),
  /** CSV downloads go through fetch with the bearer token (blob), then a local link. */
  csv: async (path: 'inspections.csv' | 'line-report.csv', q: Query, name: string) => {
    const blob = await api.get<Blob>(`${B}/${path}`, { query: q, responseType: 'blob' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/** A signed image path of the server → a URL the <img> can load. */
export const imageUrl = (path: string) => buildUrl(path);
