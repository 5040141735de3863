// Usage history, statistics and resource monitoring: figures from recorded job and processing rows,
// scoped to what the caller may see (usage.repository.ts scopeOf).
import {
  USAGE_JOB_GROUPS,
  USAGE_PROCESSING_TYPES,
  type Actor,
  type UsageFilter,
  type UsageJob,
  type UsageJobListQuery,
  type UsageSummary,
  type UsageTrendMonth,
} from '@sightline/domain';
import type { JobListRow, UsageRepository } from './usage.repository';

export const mapUsageJob = (r: JobListRow): UsageJob => ({
  job_id: r.job_id,
  kind: r.kind,
  group: r.group as UsageJob['group'],
  status: r.status,
  progress: r.progress,
  requested_at: r.created_at.toISOString(),
  started_at: r.started_at?.toISOString() ?? null,
  finished_at: r.finished_at?.toISOString() ?? null,
  waiting_seconds: r.waiting_seconds,
  progress_seconds: r.progress_seconds,
  requestor: r.requestor,
  work_name: r.work_name,
  algorithm: r.algorithm,
  work_type: r.work_type,
  project_id: r.project_id,
  project_name: r.project_name,
});

export class UsageService {
  constructor(private readonly repo: UsageRepository) {}

  async summary(actor: Actor, f: UsageFilter): Promise<UsageSummary> {
    const [groups, kinds] = await Promise.all([
      this.repo.jobGroups(actor, f),
      this.repo.processingKinds(actor, f),
    ]);
    const processing = Object.fromEntries(
      USAGE_PROCESSING_TYPES.map((k) => [k, kinds[k] ?? 0]),
    ) as UsageSummary['processing'];
    const jobs = USAGE_JOB_GROUPS.map(
      (group) =>
        groups.find((g) => g.group === group) ?? {
          group,
          total: 0,
          succeeded: 0,
          failed: 0,
          cancelled: 0,
          active: 0,
          run_seconds: 0,
          avg_wait_seconds: 0,
        },
    ) as UsageSummary['jobs'];
    return { processing, jobs, total_jobs: jobs.reduce((n, g) => n + g.total, 0) };
  }

  trend(actor: Actor, f: UsageFilter, months: number): Promise<UsageTrendMonth[]> {
    return this.repo.trend(actor, f, months);
  }

  async jobs(actor: Actor, q: UsageJobListQuery): Promise<{ data: UsageJob[]; total: number }> {
    const { rows, total } = await this.repo.jobs(actor, q);
    return { data: rows.map(mapUsageJob), total };
  }
}
