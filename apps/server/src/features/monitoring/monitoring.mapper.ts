// Rows → responses (never rows): deployments as model-history entries, keys without their hash,
// inspections with signed image URLs (an <img> sends no Authorization header).
import type { Deployment, InspectionDetail, InspectionRow, LineKey } from '@sightline/domain';
import type { InspectionRowDb, LineApiKeyRow, LineDeploymentRow } from '@sightline/db';
import type { MediaSigner } from '../dataset/media-signer';
import type { InferenceAggregate } from './monitoring.repository';

export const lineMediaScope = (lineId: number) => `line:${lineId}`;

export function mapDeployment(
  d: LineDeploymentRow,
  lineCode: string,
  inference: InferenceAggregate,
  deployedBy: string | null = null,
): Deployment {
  return {
    id: d.id,
    line_id: d.lineId,
    line_code: lineCode,
    model: { id: d.learningId, name: d.modelName },
    task: d.task,
    algorithm: d.algorithm,
    threshold: d.threshold,
    period: { start: d.periodStart, end: d.periodEnd },
    train: { date: d.trainDate?.toISOString() ?? null, performance: d.trainPerformance, count: d.trainCount },
    inference: {
      date: inference.last?.toISOString() ?? null,
      performance: inference.verified
        ? { accuracy: inference.agreed / inference.verified, verified: inference.verified }
        : {},
      count: inference.count,
    },
    description: d.description,
    active: d.active,
    deployed_at: d.deployedAt.toISOString(),
    deployed_by: deployedBy,
    ended_at: d.endedAt?.toISOString() ?? null,
  };
}

export const mapKey = (k: LineApiKeyRow): LineKey => ({
  id: k.id,
  line_id: k.lineId,
  name: k.name,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

export function inspectionUrls(r: Pick<InspectionRowDb, 'id' | 'lineId'>, token: string) {
  const base = `/api/v2/monitoring/inspections/${r.id}`;
  return { original_url: `${base}/original?t=${token}`, prediction_url: `${base}/prediction?t=${token}` };
}

export function mapInspection(r: InspectionRowDb, token: string): InspectionRow {
  return {
    id: r.id,
    serial_number: r.serialNumber,
    judgement: r.judgement,
    class_name: r.className,
    score: r.score,
    created_at: r.createdAt.toISOString(),
    ...inspectionUrls(r, token),
    latency_ms: r.latencyMs,
    sampled: r.sampledAt != null,
    verified_judgement: r.verifiedJudgement ?? null,
    verified_class: r.verifiedClass ?? null,
  };
}

export function mapInspectionDetail(
  r: InspectionRowDb,
  token: string,
  d: Pick<LineDeploymentRow, 'task' | 'classes'> | undefined,
): InspectionDetail {
  return {
    ...mapInspection(r, token),
    line_id: r.lineId,
    task: d?.task ?? 'cf',
    boxes: r.result.boxes ?? [],
    regions: r.result.regions ?? [],
    anomaly_score: r.result.anomaly_score ?? null,
    classes: (d?.classes ?? []).map((c) => ({ name: c.name, ok: c.ok })),
  };
}

export function tokenFor(media: MediaSigner, userId: number, lineId: number) {
  return media.sign(userId, lineMediaScope(lineId));
}
