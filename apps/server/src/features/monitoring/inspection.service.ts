// The live inspection API and the inspection report. A request is checked whole before anything is kept
// (serials, batch size, every image decodes); the images then go through the deployment's micro-batcher,
// the original and the prediction image are stored, and the rows are inserted before the answer, so an
// answered judgement is never lost. Edge runners send a request id per image: a re-upload answers the
// stored row instead of inserting a second one.
import { randomUUID } from 'node:crypto';
import {
  INSPECTION_BATCH_MAX,
  MonitoringErrorCode as C,
  type Actor,
  type InspectionDetail,
  type InspectionResult,
  type InspectionRow,
  type InspectionSearch,
  type PageOf,
} from '@sightline/domain';
import type { InspectionRowDb, LineDeploymentRow, LineRow } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import type { Prepared } from '@sightline/vision';
import { AppError } from '../../common/app-error';
import type { MediaSigner } from '../dataset/media-signer';
import type { InferencePool } from './inference-pool';
import { deploymentParams, imageStats, judge } from './judge';
import type { PredictionRenderer } from './prediction-renderer';
import { InsertBatcher, Ttl } from './hot-path';
import type { LineAccess } from './line-access';
import { lineMediaScope, mapInspection, mapInspectionDetail, tokenFor } from './monitoring.mapper';
import type { MonitoringRepository, NewInspection } from './monitoring.repository';

export interface InspectItem {
  serial: string | undefined;
  image: Buffer;
  requestId?: string;
}

const SERIAL_MAX = 120;
/** The image type from its first bytes (the decoder then proves the rest). */
export function sniffImage(b: Buffer): string | null {
  if (b.length < 12) return null;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b[0] === 0x42 && b[1] === 0x4d) return 'image/bmp';
  const tiff = b.toString('latin1', 0, 4);
  if (tiff === 'II*\0' || tiff === 'MM\0*') return 'image/tiff';
  return null;
}

/** Keys per line and day (one folder per day, not one per inspection). */
export const inspectionKeys = (lineId: number, id: string, at = new Date()) => {
  const day = at.toISOString().slice(0, 10);
  return {
    original: `inspections/${lineId}/${day}/${id}-original`,
    prediction: `inspections/${lineId}/${day}/${id}-prediction.jpg`,
  };
};

export class InspectionService {
  constructor(
    private readonly repo: MonitoringRepository,
    private readonly access: LineAccess,
    private readonly storage: Storage,
    private readonly media: MediaSigner,
    private readonly pool: InferencePool,
    private readonly renderer: PredictionRenderer,
    /** Active deployment per line (shared with DeploymentService, which clears it on a change). */
    private readonly active: Ttl<number, LineDeploymentRow | undefined>,
  ) {}

  private readonly inserts = new InsertBatcher(() => this.repo);

  async inspect(
    line: LineRow,
    items: InspectItem[],
    startedAt = performance.now(),
  ): Promise<InspectionResult[]> {
    const release = this.renderer.hold();
    try {
      return await this.judgeAndStore(line, items, startedAt);
    } finally {
      release();
    }
  }

  private async judgeAndStore(
    line: LineRow,
    items: InspectItem[],
    startedAt: number,
  ): Promise<InspectionResult[]> {
    if (!items.length) throw AppError.validation('image', C.ImageRequired);
    if (items.length > INSPECTION_BATCH_MAX) throw AppError.validation('image', C.BatchTooLarge);
    const serials = items.map((it) => it.serial?.trim() ?? '');
    if (serials.some((s) => !s || s.length > SERIAL_MAX))
      throw AppError.validation('serial', C.SerialRequired);
    const d = await this.active.get(line.id);
    if (!d) throw new AppError(C.NoDeployment, 409, {}, 'line');

    const requestIds = items.map((it) => it.requestId).filter((x): x is string => !!x);
    const already = new Map(
      (await this.repo.byRequestIds(line.id, requestIds)).map((r) => [r.requestId!, r]),
    );
    const served = await this.pool.get(d.id, d.modelPrefix, deploymentParams(d.task, d.threshold));

    // Every image must decode before anything runs or is stored.
    const prepared: { prepared: Prepared; format: string }[] = [];
    for (const it of items) {
      try {
        const format = sniffImage(it.image);
        if (!format) throw new Error('format');
        const [p] = await served.model.prepare([it.image]);
        prepared.push({ prepared: p!, format });
      } catch {
        throw AppError.validation('image', C.ImageInvalid);
      }
    }

    const fresh = items
      .map((it, i) => ({ it, i }))
      .filter(({ it }) => !it.requestId || !already.has(it.requestId));
    const predictions = await Promise.all(fresh.map(({ i }) => served.batcher.submit(prepared[i]!.prepared)));
    const rows: NewInspection[] = [];
    const written: string[] = [];
    try {
      await Promise.all(
        fresh.map(async ({ it, i }, j) => {
          const p = predictions[j]!;
          const v = judge(p, d.threshold, d.classes);
          const stats = imageStats(prepared[i]!.prepared, served.model.manifest.input);
          const id = randomUUID();
          const keys = inspectionKeys(line.id, id);
          // A fresh id that no row names until the insert: written in place, no temp file and rename.
          await this.storage.put(keys.original, it.image, { contentType: prepared[i]!.format, fresh: true });
          written.push(keys.original);
          rows[j] = {
            id,
            lineId: line.id,
            deploymentId: d.id,
            serialNumber: serials[i]!,
            judgement: v.judgement,
            className: v.className,
            score: Number.isFinite(v.score) ? v.score : 0,
            result: v.result,
            originalKey: keys.original,
            predictionKey: keys.prediction,
            latencyMs: performance.now() - startedAt,
            stats,
            requestId: it.requestId ?? null,
          };
        }),
      );
      // Every image's crops have been read (batched, then imageStats): the next requests reuse them.
      served.crops.give(prepared.flatMap((p) => p.prepared.crops));
      const inserted = await this.inserts.insert(rows);
      // A concurrent re-upload of the same request id won the insert: answer its row.
      const lost = rows.filter((r) => !inserted.some((x) => x.id === r.id));
      if (lost.length) {
        await this.storage.deleteMany(lost.flatMap((r) => [r.originalKey, r.predictionKey]));
        for (const r of await this.repo.byRequestIds(
          line.id,
          lost.map((x) => x.requestId!),
        ))
          already.set(r.requestId!, r);
      }
      for (const r of inserted) if (r.requestId) already.set(r.requestId, r);
      // The prediction image (a function of the original and the stored verdict) is drawn after the
      // answer, while no inspection request is in progress (PredictionRenderer).
      for (const [j, r] of rows.entries()) {
        const row = inserted.find((x) => x.id === r.id);
        if (row) this.renderer.later(row, fresh[j]!.it.image);
      }
      const byId = new Map(inserted.map((r) => [r.id, r]));
      return items.map((it, i) => {
        const j = fresh.findIndex((f) => f.i === i);
        const row = (j >= 0 ? byId.get(rows[j]!.id as string) : undefined) ?? already.get(it.requestId ?? '');
        return this.result(line, row!);
      });
    } catch (e) {
      await this.storage.deleteMany(written).catch(() => undefined);
      throw e;
    }
  }

  private result(line: LineRow, r: InspectionRowDb): InspectionResult {
    return {
      id: r.id,
      line_code: line.code,
      serial_number: r.serialNumber,
      judgement: r.judgement,
      class_name: r.className,
      score: r.score,
      boxes: r.result.boxes ?? [],
      regions: r.result.regions ?? [],
      anomaly_score: r.result.anomaly_score ?? null,
      latency_ms: Math.round(r.latencyMs * 10) / 10,
      created_at: r.createdAt.toISOString(),
      deployment_id: r.deploymentId ?? 0,
    };
  }

  private whereOf(lineId: number, q: InspectionSearch, sampled = false) {
    if (q.mode === 'text' && !q.serial) throw AppError.validation('serial', C.SerialRequired);
    const from = q.from ? new Date(q.from) : undefined;
    const to = q.to ? new Date(q.to) : undefined;
    if ((from && isNaN(+from)) || (to && isNaN(+to)) || (from && to && from >= to))
      throw AppError.validation('from', C.PeriodInvalid);
    return this.repo.searchWhere(lineId, {
      from: q.mode === 'period' ? from : undefined,
      to: q.mode === 'period' ? to : undefined,
      serial: q.serial || undefined,
      judgement: q.judgement,
      className: q.class_name,
      sampled,
    });
  }

  /** Inspection report search; a text search without a match answers REPORT_NO_MATCH (SPEC §8). */
  async search(actor: Actor, q: InspectionSearch, sampled = false): Promise<PageOf<InspectionRow>> {
    await this.access.require(actor, q.line_id);
    const { rows, total } = await this.repo.search(this.whereOf(q.line_id, q, sampled), q.page, q.perPage);
    if (q.mode === 'text' && total === 0) throw new AppError(C.ReportNoMatch, 404, {}, 'serial');
    const token = tokenFor(this.media, actor.id, q.line_id);
    return { data: rows.map((r) => mapInspection(r, token)), total };
  }

  async csv(actor: Actor, q: InspectionSearch): Promise<string> {
    const { line } = await this.access.require(actor, q.line_id);
    const rows = await this.repo.exportRows(this.whereOf(q.line_id, q));
    const head = 'line,serial_number,check_result,class,score,latency_ms,created_at,sampled,verified_result';
    const cell = (v: unknown) => {
      const s = v == null ? '' : String(v);
      const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
      return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const body = rows.map((r) =>
      [
        line.code,
        r.serialNumber,
        r.judgement,
        r.className,
        r.score.toFixed(4),
        r.latencyMs.toFixed(1),
        r.createdAt.toISOString(),
        r.sampledAt ? 1 : 0,
        r.verifiedJudgement,
      ]
        .map(cell)
        .join(','),
    );
    return `\uFEFF${[head, ...body].join('\n')}\n`;
  }

  async detail(actor: Actor, id: string): Promise<InspectionDetail> {
    const r = await this.repo.inspection(id);
    if (!r) throw new AppError(C.InspectionNotFound, 404, {}, 'id');
    await this.access.require(actor, r.lineId);
    const d = r.deploymentId ? await this.repo.deployment(r.deploymentId) : undefined;
    return mapInspectionDetail(r, tokenFor(this.media, actor.id, r.lineId), d);
  }

  /** An <img> source: a signed token of the line, or a caller who may monitor the line. */
  async openImage(id: string, kind: 'original' | 'prediction', who: { token?: string; actor?: Actor }) {
    const r = await this.repo.inspection(id);
    if (!r) throw new AppError(C.InspectionNotFound, 404, {}, 'id');
    let ok = this.media.verify(who.token, lineMediaScope(r.lineId)) !== null;
    if (!ok && who.actor)
      ok = await this.access.require(who.actor, r.lineId).then(
        () => true,
        () => false,
      );
    if (!ok) throw new AppError(C.InspectionNotFound, 404, {}, 'id');
    const obj = kind === 'original' ? await this.storage.get(r.originalKey) : await this.renderer.ensure(r);
    if (!obj) throw new AppError(C.InspectionNotFound, 404, {}, 'id');
    return obj;
  }
}
