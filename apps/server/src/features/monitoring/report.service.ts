// Line status (counts, NG rate, throughput, latency, recent NG images over the last window), the line
// report by 6 h / 12 h / 1 day buckets over at most 30 days (NG by type and by period) and its CSV.
import {
  PERIOD_HOURS,
  bucketStart,
  checkReportRange,
  type Actor,
  type LineReport,
  type LineReportQuery,
  type LineStatus,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import type { MediaSigner } from '../dataset/media-signer';
import type { LineAccess } from './line-access';
import { mapDeployment, mapInspection, tokenFor } from './monitoring.mapper';
import type { MonitoringRepository } from './monitoring.repository';

/** Line status covers the last 10 minutes (throughput per minute over it). */
export const STATUS_WINDOW_MIN = 10;
const RECENT_NG = 8;

export class ReportService {
  constructor(
    private readonly repo: MonitoringRepository,
    private readonly access: LineAccess,
    private readonly media: MediaSigner,
  ) {}

  async status(actor: Actor, lineId: number, now = new Date()): Promise<LineStatus> {
    const { line } = await this.access.require(actor, lineId);
    const since = new Date(now.getTime() - STATUS_WINDOW_MIN * 60_000);
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    const [w, today, recent, d] = await Promise.all([
      this.repo.window(lineId, since),
      this.repo.window(lineId, midnight),
      this.repo.recentNg(lineId, RECENT_NG),
      this.repo.activeDeployment(lineId),
    ]);
    const stats = d ? await this.repo.inferenceStats([d.id]) : new Map();
    const token = tokenFor(this.media, actor.id, lineId);
    return {
      line: { id: line.id, code: line.code, name: line.name },
      deployment: d
        ? mapDeployment(d, line.code, stats.get(d.id) ?? { count: 0, last: null, verified: 0, agreed: 0 })
        : null,
      window_minutes: STATUS_WINDOW_MIN,
      total: w.total,
      ok: w.ok,
      ng: w.ng,
      ng_rate: w.total ? w.ng / w.total : 0,
      throughput_per_min: w.total / STATUS_WINDOW_MIN,
      latency_ms: { p50: Math.round((w.p50 ?? 0) * 10) / 10, p95: Math.round((w.p95 ?? 0) * 10) / 10 },
      today: { total: today.total, ok: today.ok, ng: today.ng },
      recent_ng: recent.map((r) => mapInspection(r, token)),
      updated_at: now.toISOString(),
    };
  }

  async lineReport(actor: Actor, q: LineReportQuery): Promise<LineReport> {
    await this.access.require(actor, q.line_id);
    const from = new Date(q.from);
    const to = new Date(q.to);
    const problem =
      isNaN(+from) || isNaN(+to) ? { code: 'PERIOD_INVALID', field: 'from' } : checkReportRange(from, to);
    if (problem) throw AppError.validation(problem.field, problem.code, problem.params);
    const hours = PERIOD_HOURS[q.period];
    const rows = await this.repo.buckets(q.line_id, from, to, hours);
    const buckets = new Map<number, { ok: number; ng: number; by_class: Record<string, number> }>();
    for (let t = bucketStart(from, q.period).getTime(); t < to.getTime(); t += hours * 3_600_000)
      buckets.set(t, { ok: 0, ng: 0, by_class: {} });
    const byClass = new Map<string, number>();
    let ok = 0;
    let ng = 0;
    for (const r of rows) {
      const b = buckets.get(r.start.getTime()) ?? { ok: 0, ng: 0, by_class: {} };
      buckets.set(r.start.getTime(), b);
      if (r.judgement === 'OK') {
        b.ok += r.n;
        ok += r.n;
      } else {
        b.ng += r.n;
        ng += r.n;
        const c = r.class_name ?? 'NG';
        b.by_class[c] = (b.by_class[c] ?? 0) + r.n;
        byClass.set(c, (byClass.get(c) ?? 0) + r.n);
      }
    }
    return {
      period: q.period,
      from: from.toISOString(),
      to: to.toISOString(),
      total: ok + ng,
      ok,
      ng,
      buckets: [...buckets.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([t, b]) => ({ start: new Date(t).toISOString(), ...b })),
      by_class: [...byClass.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([class_name, count]) => ({ class_name, count })),
    };
  }

  async lineReportCsv(actor: Actor, q: LineReportQuery): Promise<string> {
    const r = await this.lineReport(actor, q);
    const classes = r.by_class.map((c) => c.class_name);
    const head = ['period_start', 'total', 'ok', 'ng', 'ng_rate', ...classes.map((c) => `ng_${c}`)];
    const q2 = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    const lines = r.buckets.map((b) => {
      const total = b.ok + b.ng;
      return [
        b.start,
        total,
        b.ok,
        b.ng,
        total ? (b.ng / total).toFixed(4) : '0',
        ...classes.map((c) => b.by_class[c] ?? 0),
      ].join(',');
    });
    return `\uFEFF${[head.map(q2).join(','), ...lines].join('\n')}\n`;
  }
}
