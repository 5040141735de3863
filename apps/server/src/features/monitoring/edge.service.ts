// What an edge runner (`sightline edge`, packages/client) needs from the server, with the line's API key:
// the active deployment and its model files (pulled once per deployment), and the upload of judgements it
// made on the edge. An upload is idempotent per request id (unique per line): a result whose answer was
// lost on the way back is uploaded again and answers the stored row, so none is lost or duplicated.
import { randomUUID } from 'node:crypto';
import {
  MonitoringErrorCode as C,
  type EdgeDeployment,
  type EdgeResult,
  type EdgeUploaded,
} from '@sightline/domain';
import type { LineRow } from '@sightline/db';
import type { Storage, StoredObject } from '@sightline/storage';
import { AppError } from '../../common/app-error';
import { inspectionKeys, sniffImage } from './inspection.service';
import type { MonitoringRepository, NewInspection } from './monitoring.repository';
import type { PredictionRenderer } from './prediction-renderer';

/** Model files an edge runner needs (the relearning checkpoint stays on the server). */
const isModelFile = (name: string) => !!name && !name.includes('/') && !name.endsWith('.pt');
/** An edge clock ahead of the server by more than this is refused (a row from the future). */
const MAX_CLOCK_AHEAD_MS = 10 * 60_000;

export class EdgeService {
  constructor(
    private readonly repo: MonitoringRepository,
    private readonly storage: Storage,
    private readonly renderer: PredictionRenderer,
  ) {}

  async deployment(line: LineRow): Promise<EdgeDeployment> {
    const d = await this.repo.activeDeployment(line.id);
    if (!d) throw new AppError(C.NoDeployment, 409, {}, 'line');
    const prefix = `${d.modelPrefix.replace(/\/+$/, '')}/`;
    const files: EdgeDeployment['files'] = [];
    for await (const key of this.storage.list(prefix)) {
      const name = key.slice(prefix.length);
      if (!isModelFile(name)) continue;
      const info = await this.storage.stat(key);
      if (info) files.push({ name, size: info.size });
    }
    files.sort((a, b) => a.name.localeCompare(b.name));
    return {
      id: d.id,
      line_code: line.code,
      task: d.task as EdgeDeployment['task'],
      threshold: d.threshold,
      classes: d.classes.map((c) => ({ name: c.name, ok: c.ok })),
      model_name: d.modelName,
      files,
    };
  }

  /** A model file of one of the line's deployments (past ones too: a runner may lag one poll behind). */
  async file(line: LineRow, deploymentId: number, name: string): Promise<StoredObject> {
    const d = await this.repo.deployment(deploymentId);
    if (!d || d.lineId !== line.id || !isModelFile(name) || !/^[a-z0-9._-]+$/.test(name))
      throw AppError.notFound('name');
    const obj = await this.storage.get(`${d.modelPrefix.replace(/\/+$/, '')}/${name}`);
    if (!obj) throw AppError.notFound('name');
    return obj;
  }

  /** Stores results judged on the edge: everything is checked first, then originals, then one INSERT. */
  async upload(line: LineRow, items: { result: EdgeResult; image: Buffer }[]): Promise<EdgeUploaded[]> {
    if (!items.length) throw AppError.validation('image', C.ImageRequired);
    const deployments = new Map<number, boolean>();
    for (const { result: r, image } of items) {
      if (!sniffImage(image)) throw AppError.validation('image', C.ImageInvalid);
      if (!deployments.has(r.deployment_id)) {
        const d = await this.repo.deployment(r.deployment_id);
        deployments.set(r.deployment_id, d?.lineId === line.id);
      }
      if (!deployments.get(r.deployment_id)) throw AppError.validation('deployment_id');
      if (Date.parse(r.judged_at) > Date.now() + MAX_CLOCK_AHEAD_MS) throw AppError.validation('judged_at');
    }
    const ids = [...new Set(items.map((x) => x.result.request_id))];
    if (ids.length !== items.length) throw AppError.validation('request_id');
    const stored = new Map((await this.repo.byRequestIds(line.id, ids)).map((r) => [r.requestId!, r.id]));
    const fresh = items.filter((x) => !stored.has(x.result.request_id));
    const rows: NewInspection[] = [];
    const written: string[] = [];
    try {
      for (const { result: r, image } of fresh) {
        const id = randomUUID();
        const at = new Date(r.judged_at);
        const keys = inspectionKeys(line.id, id, at);
        await this.storage.put(keys.original, image, { contentType: sniffImage(image)! });
        written.push(keys.original);
        rows.push({
          id,
          lineId: line.id,
          deploymentId: r.deployment_id,
          serialNumber: r.serial_number,
          judgement: r.judgement,
          className: r.class_name,
          score: r.score,
          result: r.result,
          originalKey: keys.original,
          predictionKey: keys.prediction,
          latencyMs: r.latency_ms,
          stats: r.stats,
          requestId: r.request_id,
          createdAt: at,
        });
      }
      const inserted = await this.repo.insertInspections(rows);
      const insertedIds = new Set(inserted.map((r) => r.id));
      // A concurrent upload of the same request id won: drop our copy of the image, answer its row.
      const lost = rows.filter((r) => !insertedIds.has(r.id!));
      if (lost.length) {
        await this.storage.deleteMany(lost.map((r) => r.originalKey)).catch(() => undefined);
        for (const r of await this.repo.byRequestIds(
          line.id,
          lost.map((x) => x.requestId!),
        ))
          stored.set(r.requestId!, r.id);
      }
      for (const r of inserted) {
        const image = fresh.find((x) => x.result.request_id === r.requestId)!.image;
        this.renderer.later(r, image);
      }
      const fresher = new Map(inserted.map((r) => [r.requestId!, r.id]));
      return items.map(({ result: r }) => {
        const id = fresher.get(r.request_id);
        return { request_id: r.request_id, id: id ?? stored.get(r.request_id)!, duplicate: !id };
      });
    } catch (e) {
      await this.storage.deleteMany(written).catch(() => undefined);
      throw e;
    }
  }
}
