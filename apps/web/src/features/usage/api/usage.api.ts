// Usage figures: GET /api/usage/summary, /trend, /jobs (all from recorded job and processing rows).
import { useQuery } from '@tanstack/react-query';
import type { UsageJob, UsageJobGroup, UsageSummary, UsageTrendMonth } from '@sightline/domain';
import { api, type Paged } from '../../../api/client';

export interface UsageFilterValue {
  scope: 'mine' | 'all';
  from?: string;
  to?: string;
  project_id?: number;
}

const q = (f: UsageFilterValue) => ({ scope: f.scope, from: f.from, to: f.to, project_id: f.project_id });

export const useUsageSummary = (f: UsageFilterValue) =>
  useQuery({
    queryKey: ['usage', 'summary', f],
    queryFn: () => api.get<UsageSummary>('/api/usage/summary', { query: q(f) }),
  });

export const useUsageTrend = (f: UsageFilterValue, months = 12) =>
  useQuery({
    queryKey: ['usage', 'trend', f, months],
    queryFn: () => api.get<UsageTrendMonth[]>('/api/usage/trend', { query: { ...q(f), months } }),
  });

export interface UsageJobQuery {
  group: UsageJobGroup | 'any';
  state: 'active' | 'finished' | 'any';
  page: number;
  perPage?: number;
}

export const fetchUsageJobs = (f: UsageFilterValue, j: UsageJobQuery) =>
  api.get<Paged<UsageJob>>('/api/usage/jobs', { query: { ...q(f), ...j, perPage: j.perPage ?? 10 } });

export const useUsageJobs = (f: UsageFilterValue, j: UsageJobQuery, refreshMs?: number) =>
  useQuery({
    queryKey: ['usage', 'jobs', f, j],
    queryFn: () => fetchUsageJobs(f, j),
    refetchInterval: refreshMs,
  });
