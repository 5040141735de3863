// The edge runner behind `sightline edge`: judges a line's images where the camera is, with the line's
// deployed model and onnxruntime-node, whether or not the server can be reached.
//   - model: pulled once per deployment from the server (x-line-key) into STATE/models/deployment-<id>/
//     and remembered in STATE/models/current.json, so a restart without a link judges at once; the
//     deployment is polled and a new one (or a rollback) is picked up without a restart.
//   - judgement: the same preprocessing, network and judgement rule as the server (packages/vision
//     line-judge.ts), so the edge and the server answer the same for the same image.
//   - results: written to the outbox on disk before they are answered, uploaded in batches while the link
//     is up; each carries its own request id, so an upload whose answer was lost is sent again and the
//     server answers the stored row: none lost, none duplicated.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  INSPECTION_BATCH_MAX,
  edgeDeploymentSchema,
  edgeUploadedSchema,
  type EdgeDeployment,
  type EdgeResult,
} from '@sightline/domain';
import { deploymentParams, imageStats, judgeLine, loadModel, type VisionModel } from '@sightline/vision';
import { z } from 'zod';
import { CliError } from '../errors';
import type { LineTarget } from '../commands/inspect';
import { Outbox } from './outbox';

export interface EdgeOptions extends LineTarget {
  /** Where models and the outbox live (kept across restarts). */
  stateDir: string;
  /** Milliseconds between two looks at the line's deployment (default 10 s). */
  pollMs?: number;
  /** Milliseconds between upload attempts while the server is unreachable (default 2 s). */
  retryMs?: number;
  log?: (line: string) => void;
}

/** What the edge answers for one image (the server's inspection result, with the edge's request id). */
export interface EdgeJudgement {
  request_id: string;
  serial_number: string;
  judgement: 'OK' | 'NG';
  class_name: string | null;
  score: number;
  boxes: NonNullable<EdgeResult['result']['boxes']>;
  regions: NonNullable<EdgeResult['result']['regions']>;
  anomaly_score: number | null;
  latency_ms: number;
  judged_at: string;
  deployment_id: number;
}

interface Loaded {
  deployment: EdgeDeployment;
  model: VisionModel;
  busy: number;
  retired: boolean;
}

export interface UploadReport {
  uploaded: number;
  duplicate: number;
  rejected: number;
  pending: number;
  /** Why the last attempt stopped early (unreachable server, revoked key, …). */
  error?: string;
}

const dataOf = <T extends z.ZodType>(s: T) => z.object({ data: s });

export class EdgeRunner {
  private current: Loaded | null = null;
  private readonly outbox: Outbox;
  private readonly modelsDir: string;
  private pollTimer: NodeJS.Timeout | null = null;
  private uploadTimer: NodeJS.Timeout | null = null;
  private uploading: Promise<UploadReport> | null = null;
  private queued: Promise<UploadReport> | null = null;
  private syncing: Promise<boolean> | null = null;
  /** One network run at a time (an onnxruntime session is used by one caller at a time here). */
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private background = false;
  private readonly log: (line: string) => void;
  /** Counters since start (the CLI prints them). */
  readonly stats = { judged: 0, uploaded: 0, duplicate: 0, rejected: 0 };

  constructor(private readonly o: EdgeOptions) {
    this.outbox = new Outbox(o.stateDir);
    this.modelsDir = join(o.stateDir, 'models');
    this.log = o.log ?? (() => {});
  }

  get deployment(): EdgeDeployment | null {
    return this.current?.deployment ?? null;
  }

  /** Loads the remembered deployment (if any), then asks the server for the active one. */
  async start(opts: { background?: boolean } = {}): Promise<void> {
    await mkdir(this.modelsDir, { recursive: true });
    await this.outbox.init();
    const remembered = await readFile(join(this.modelsDir, 'current.json'), 'utf8').then(
      (t) => edgeDeploymentSchema.parse(JSON.parse(t)),
      () => null,
    );
    if (remembered) await this.swap(remembered).catch((e) => this.log(`cached model: ${String(e)}`));
    await this.sync();
    if (!this.current)
      throw new CliError(
        'NO_DEPLOYMENT',
        'No model yet: the server is unreachable or the line has no deployment',
      );
    if (opts.background) {
      this.background = true;
      const poll = () => {
        this.pollTimer = setTimeout(() => {
          void this.sync().finally(() => !this.stopped && poll());
        }, this.o.pollMs ?? 10_000);
        this.pollTimer.unref();
      };
      poll();
      this.scheduleUpload(0);
    }
  }

  private headers() {
    return { 'x-line-key': this.o.key };
  }

  private async get(path: string): Promise<Response> {
    const url = `${this.o.url}/api/v2/lines/${encodeURIComponent(this.o.line)}${path}`;
    try {
      return await fetch(url, { headers: this.headers(), signal: AbortSignal.timeout(30_000) });
    } catch (e) {
      throw new CliError('NETWORK', `Cannot reach ${this.o.url}: ${(e as Error).message}`);
    }
  }

  /**
   * Asks the server for the line's active deployment and switches to it when it changed (downloading
   * its model first). False when the server could not be asked; the current model stays in use.
   */
  sync(): Promise<boolean> {
    this.syncing ??= this.doSync().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async doSync(): Promise<boolean> {
    let d: EdgeDeployment;
    try {
      const res = await this.get('/deployment');
      const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } };
      if (!res.ok) {
        this.log(`deployment: ${body?.error?.code ?? res.status} ${body?.error?.message ?? ''}`.trim());
        return false;
      }
      d = dataOf(edgeDeploymentSchema).parse(body).data;
    } catch (e) {
      this.log(`deployment: ${(e as Error).message}`);
      return false;
    }
    if (this.current?.deployment.id === d.id) return true;
    try {
      await this.download(d);
      await this.swap(d);
      await writeFile(join(this.modelsDir, 'current.json'), JSON.stringify(d));
      this.log(`deployment #${d.id} (${d.model_name}, ${d.task}, threshold ${d.threshold}) in use`);
      return true;
    } catch (e) {
      this.log(`deployment #${d.id}: ${(e as Error).message}`);
      return false;
    }
  }

  private dirOf(id: number) {
    return join(this.modelsDir, `deployment-${id}`);
  }

  /** The model files into models/deployment-<id>/ (a temp folder renamed at the end: all or nothing). */
  private async download(d: EdgeDeployment): Promise<void> {
    const dir = this.dirOf(d.id);
    if (await stat(join(dir, 'manifest.json')).catch(() => null)) return;
    const tmp = `${dir}.tmp-${randomUUID()}`;
    await mkdir(tmp, { recursive: true });
    try {
      for (const f of d.files) {
        const res = await this.get(`/deployments/${d.id}/files/${encodeURIComponent(f.name)}`);
        if (!res.ok || !res.body) throw new Error(`${f.name}: HTTP ${res.status}`);
        await pipeline(Readable.fromWeb(res.body as never), createWriteStream(join(tmp, f.name)));
        const size = (await stat(join(tmp, f.name))).size;
        if (size !== f.size) throw new Error(`${f.name}: ${size} bytes, expected ${f.size}`);
      }
      await rm(dir, { recursive: true, force: true });
      await rename(tmp, dir);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  private async swap(d: EdgeDeployment): Promise<void> {
    const model = await loadModel(this.dirOf(d.id), 1);
    const old = this.current;
    this.current = { deployment: d, model, busy: 0, retired: false };
    if (old) {
      old.retired = true;
      if (!old.busy) await old.model.close().catch(() => undefined);
    }
  }

  /**
   * Judges one image with the deployment in use; the result is in the outbox (on disk) when this
   * resolves. Rejects with IMAGE_INVALID for an image that does not decode (nothing is kept then).
   */
  async judge(image: Buffer, serial: string): Promise<EdgeJudgement> {
    const started = performance.now();
    const sn = serial.trim();
    if (!sn || sn.length > 120)
      throw new CliError('SERIAL_REQUIRED', 'A serial number (1–120 characters) is required');
    const cur = this.current;
    if (!cur) throw new CliError('NO_DEPLOYMENT', 'No model yet');
    cur.busy++;
    let result: EdgeResult;
    try {
      const d = cur.deployment;
      const [prepared] = await cur.model.prepare([image]).catch(() => {
        throw new CliError('IMAGE_INVALID', 'The image could not be decoded');
      });
      const run = this.chain.then(() =>
        cur.model.predictPrepared([prepared!], { params: deploymentParams(d.task, d.threshold) }),
      );
      this.chain = run.catch(() => undefined);
      const [p] = await run;
      const v = judgeLine(p!, d.threshold, d.classes);
      result = {
        request_id: randomUUID(),
        serial_number: sn,
        deployment_id: d.id,
        judgement: v.judgement,
        class_name: v.className,
        score: Number.isFinite(v.score) ? v.score : 0,
        result: v.result,
        stats: imageStats(prepared!, cur.model.manifest.input),
        latency_ms: Math.round((performance.now() - started) * 10) / 10,
        judged_at: new Date().toISOString(),
      };
    } finally {
      cur.busy--;
      if (cur.retired && !cur.busy) await cur.model.close().catch(() => undefined);
    }
    await this.outbox.add(result, image);
    this.stats.judged++;
    this.scheduleUpload(0);
    return {
      request_id: result.request_id,
      serial_number: result.serial_number,
      judgement: result.judgement,
      class_name: result.class_name,
      score: result.score,
      boxes: result.result.boxes ?? [],
      regions: result.result.regions ?? [],
      anomaly_score: result.result.anomaly_score ?? null,
      latency_ms: result.latency_ms,
      judged_at: result.judged_at,
      deployment_id: result.deployment_id,
    };
  }

  /** Results judged and not yet stored by the server. */
  async pending(): Promise<number> {
    return (await this.outbox.names()).length;
  }

  private scheduleUpload(ms: number) {
    if (this.stopped || !this.background) return;
    if (this.uploadTimer) {
      if (ms > 0) return;
      clearTimeout(this.uploadTimer);
    }
    this.uploadTimer = setTimeout(() => {
      this.uploadTimer = null;
      void this.flush().then((r) => {
        if (r.pending) this.scheduleUpload(r.error ? (this.o.retryMs ?? 2000) : 0);
      });
    }, ms);
    this.uploadTimer.unref();
  }

  /** Uploads the outbox, oldest first, until it is empty or the server cannot take more now. */
  flush(): Promise<UploadReport> {
    // One upload at a time; a call during one waits for it and then looks at the outbox again (an entry
    // added after the running one listed the outbox is not missed).
    if (this.queued) return this.queued;
    if (!this.uploading) {
      this.uploading = this.doFlush().finally(() => (this.uploading = null));
      return this.uploading;
    }
    this.queued = this.uploading
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.flush();
      });
    return this.queued;
  }

  private async doFlush(): Promise<UploadReport> {
    const r: UploadReport = { uploaded: 0, duplicate: 0, rejected: 0, pending: 0 };
    let names = await this.outbox.names();
    while (names.length) {
      const batch = [];
      for (const name of names.slice(0, INSPECTION_BATCH_MAX)) {
        const e = await this.outbox.read(name);
        if (e) batch.push(e);
        else await this.outbox.reject(name);
      }
      names = names.slice(INSPECTION_BATCH_MAX);
      if (!batch.length) continue;
      const form = new FormData();
      for (const e of batch) {
        form.append('result', JSON.stringify(e.result));
        form.append('image', new Blob([new Uint8Array(e.image)]), `${e.name}.img`);
      }
      let res: Response;
      try {
        res = await fetch(`${this.o.url}/api/v2/lines/${encodeURIComponent(this.o.line)}/results`, {
          method: 'POST',
          headers: this.headers(),
          body: form,
          signal: AbortSignal.timeout(60_000),
        });
      } catch (e) {
        r.error = `Cannot reach ${this.o.url}: ${(e as Error).message}`;
        break;
      }
      const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } };
      if (res.ok) {
        const answered = dataOf(z.array(edgeUploadedSchema)).safeParse(body);
        if (!answered.success) {
          r.error = 'Unexpected answer to an upload';
          break;
        }
        const byId = new Map(answered.data.data.map((x) => [x.request_id, x]));
        for (const e of batch) {
          const a = byId.get(e.result.request_id);
          if (!a) continue;
          await this.outbox.remove(e.name);
          if (a.duplicate) r.duplicate++;
          else r.uploaded++;
        }
        continue;
      }
      const code = body?.error?.code ?? `HTTP_${res.status}`;
      r.error = `${code} ${body?.error?.message ?? ''}`.trim();
      // A refused batch of several: send its entries one by one so one bad result holds back no other.
      if (res.status >= 400 && res.status < 500 && ![401, 403, 404, 408, 429].includes(res.status)) {
        if (batch.length > 1) {
          delete r.error;
          if (!(await this.uploadOneByOne(batch, r))) {
            r.error = 'upload interrupted';
            break;
          }
          continue;
        }
        await this.outbox.reject(batch[0]!.name);
        r.rejected++;
        this.log(
          `result ${batch[0]!.result.request_id} refused by the server (${r.error}); kept in rejected/`,
        );
        delete r.error;
        continue;
      }
      break;
    }
    r.pending = await this.pending();
    this.stats.uploaded += r.uploaded;
    this.stats.duplicate += r.duplicate;
    this.stats.rejected += r.rejected;
    if (r.uploaded || r.duplicate) this.log(`uploaded ${r.uploaded + r.duplicate}, ${r.pending} pending`);
    if (r.error) this.log(`upload: ${r.error}; ${r.pending} pending`);
    return r;
  }

  /** False when the server stopped answering part-way. */
  private async uploadOneByOne(
    batch: { name: string; result: EdgeResult; image: Buffer }[],
    r: UploadReport,
  ): Promise<boolean> {
    for (const e of batch) {
      const form = new FormData();
      form.append('result', JSON.stringify(e.result));
      form.append('image', new Blob([new Uint8Array(e.image)]), `${e.name}.img`);
      const res = await fetch(`${this.o.url}/api/v2/lines/${encodeURIComponent(this.o.line)}/results`, {
        method: 'POST',
        headers: this.headers(),
        body: form,
      }).catch(() => null);
      if (!res) return false;
      const body = (await res.json().catch(() => null)) as { data?: { duplicate: boolean }[] };
      if (res.ok && body?.data?.[0]) {
        await this.outbox.remove(e.name);
        if (body.data[0].duplicate) r.duplicate++;
        else r.uploaded++;
      } else if (res.status >= 400 && res.status < 500 && ![401, 403, 404, 408, 429].includes(res.status)) {
        await this.outbox.reject(e.name);
        r.rejected++;
      } else return false;
    }
    return true;
  }

  /** Stops polling and background uploads and releases the model (a last flush is the caller's choice). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.uploadTimer) clearTimeout(this.uploadTimer);
    await this.syncing?.catch(() => undefined);
    await this.queued?.catch(() => undefined);
    await this.uploading?.catch(() => undefined);
    await this.chain.catch(() => undefined);
    const cur = this.current;
    this.current = null;
    await cur?.model.close().catch(() => undefined);
  }
}
