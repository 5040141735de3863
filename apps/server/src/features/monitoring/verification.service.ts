// Verification (SPEC §3 Verification option): per-line options (method random / active learning /
// manual, period, threshold, sampling rate 0–100, sampling count 100–1000), sampling (at 00:00 by the
// monitoring.sample schedule, or now on request), reviewers confirming or correcting sampled judgements,
// and the measured escape / overkill rates with Wilson intervals next to what training promised.
import {
  DEFAULT_VERIFICATION_OPTION,
  MonitoringErrorCode as C,
  qualityRates,
  type Actor,
  type LineQuality,
  type VerificationOption,
} from '@sightline/domain';
import type { Db, VerificationOptionRow } from '@sightline/db';
import { checkDrift, sampleLine, type DriftReport } from '@sightline/jobs';
import { AppError } from '../../common/app-error';
import type { LineAccess } from './line-access';
import type { MonitoringRepository } from './monitoring.repository';

const mapOption = (o: VerificationOptionRow | undefined): VerificationOption =>
  o
    ? {
        method: o.method,
        period_days: o.periodDays,
        threshold: o.threshold,
        sampling_rate: o.samplingRate,
        sampling_count: o.samplingCount,
      }
    : { ...DEFAULT_VERIFICATION_OPTION };

export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly repo: MonitoringRepository,
    private readonly access: LineAccess,
  ) {}

  async option(actor: Actor, lineId: number): Promise<VerificationOption> {
    await this.access.require(actor, lineId);
    return mapOption(await this.repo.option(lineId));
  }

  async saveOption(actor: Actor, lineId: number, o: VerificationOption): Promise<VerificationOption> {
    await this.access.require(actor, lineId);
    const row = await this.repo.saveOption({
      lineId,
      method: o.method,
      periodDays: o.period_days,
      threshold: o.threshold,
      samplingRate: o.sampling_rate,
      samplingCount: o.sampling_count,
      updatedBy: actor.id,
    });
    return mapOption(row);
  }

  /** Samples the line's last period now (what the 00:00 schedule does for every line). */
  async sampleNow(actor: Actor, lineId: number): Promise<{ sampled: number }> {
    await this.access.require(actor, lineId);
    return { sampled: await this.sampleLine(lineId, new Date()) };
  }

  /** Selects unsampled inspections of [now − period, now) by the line's method (the job's body). */
  sampleLine(lineId: number, now: Date): Promise<number> {
    return sampleLine(this.db, lineId, now);
  }

  /** Manual method: a reviewer adds inspections to the samples. */
  async addSamples(actor: Actor, lineId: number, ids: string[]): Promise<{ sampled: number }> {
    await this.access.require(actor, lineId);
    return { sampled: await this.repo.markSampled(ids, lineId) };
  }

  async verify(actor: Actor, id: string, v: { judgement: 'OK' | 'NG'; class_name?: string | null }) {
    const r = await this.repo.inspection(id);
    if (!r) throw new AppError(C.InspectionNotFound, 404, {}, 'id');
    await this.access.require(actor, r.lineId);
    if (!r.sampledAt) throw new AppError(C.NotSampled, 409, {}, 'id');
    const row = await this.repo.verify(id, {
      judgement: v.judgement,
      className: v.class_name ?? null,
      userId: actor.id,
    });
    return { id: row.id, verified_judgement: row.verifiedJudgement!, verified_class: row.verifiedClass };
  }

  async quality(actor: Actor, lineId: number, since?: Date): Promise<LineQuality> {
    await this.access.require(actor, lineId);
    const pairs = await this.repo.verifiedPairs(lineId, since);
    const q = qualityRates(pairs.map((p) => ({ judged: p.judged, truth: p.truth! })));
    const d = await this.repo.activeDeployment(lineId);
    return {
      verified: q.verified,
      corrected: pairs.filter(
        (p) => p.truth !== p.judged || (p.verifiedClass && p.verifiedClass !== p.className),
      ).length,
      escape: q.escape,
      overkill: q.overkill,
      promised: d?.trainPerformance ?? {},
    };
  }

  /** Score and image-statistics drift of the line against its deployment's reference (no alert here). */
  async drift(actor: Actor, lineId: number): Promise<DriftReport> {
    await this.access.require(actor, lineId);
    return checkDrift(this.db, lineId);
  }
}
