// Click segmentation on the server side: which model the browser should load, and the image
// embedding (computed once per image and model, cached in storage as .npy). Which pair serves a
// project: an admin's uploaded pair (all projects) > the project's refined pair (segment.refine) > the
// shipped default. Embeddings are cached under the encoder's content id, so a new pair never reuses
// the .npy files of another.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { datasetImages, datasets, type Db } from '@sightline/db';
import { imageKeys, segmentModelKeys, type Storage } from '@sightline/storage';
import { buffer } from 'node:stream/consumers';
import {
  NpyError,
  readNpy,
  refinedSegmentPairSchema,
  SegmentErrorCode,
  writeNpy,
  type Actor,
  type RefinedSegmentPair,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { requireProjectAccess } from '../../common/project-access';
import {
  defaultModelDir,
  embed,
  inspectPair,
  loadSegmentModel,
  loadStoredSegmentModel,
  SegmentModelError,
  type SegmentMeta,
} from './segment-model';

/** Where an admin's uploaded pair lives (SPEC §7 model files): the active pair's record, and its files. */
const ACTIVE_KEY = segmentModelKeys.active;
const pairKey = segmentModelKeys.file;

interface ActivePair extends SegmentMeta {
  id: string;
  uploaded_at: string;
  uploaded_by: number;
}

export { SegmentErrorCode };

export interface SegmentModelInfo {
  name: string;
  input_size: number;
  mask_size: number;
  decoder_url: string;
  /** 'uploaded' when an admin's pair replaces the default one; 'refined' for a project's refined pair. */
  source: 'default' | 'uploaded' | 'refined';
  embedding: number[];
  uploaded_at: string | null;
}

export class SegmentService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly webDist: string,
  ) {}

  async active(): Promise<ActivePair | null> {
    const obj = await this.storage.get(ACTIVE_KEY);
    if (!obj) return null;
    try {
      return JSON.parse((await buffer(obj.stream)).toString('utf8')) as ActivePair;
    } catch {
      return null;
    }
  }

  /** The project's refined pair record (written by the segment.refine job), or null. */
  async refined(projectId: number): Promise<RefinedSegmentPair | null> {
    const obj = await this.storage.get(segmentModelKeys.project(projectId));
    if (!obj) return null;
    try {
      return refinedSegmentPairSchema.parse(JSON.parse((await buffer(obj.stream)).toString('utf8')));
    } catch {
      return null;
    }
  }

  /** The pair a project uses (no project: the admin's or the default pair) and where it came from. */
  private async pairFor(projectId: number | null) {
    const active = await this.active();
    if (active) return { pair: active as SegmentMeta & { id: string }, source: 'uploaded' as const };
    const refined = projectId === null ? null : await this.refined(projectId);
    if (refined) return { pair: refined as SegmentMeta & { id: string }, source: 'refined' as const };
    return { pair: null, source: 'default' as const };
  }

  private async model(projectId: number | null) {
    const { pair, source } = await this.pairFor(projectId);
    const key = source === 'refined' ? segmentModelKeys.refined : pairKey;
    try {
      if (pair)
        return await loadStoredSegmentModel(
          pair,
          async () => {
            const obj = await this.storage.get(key(pair.id, 'encoder.onnx'));
            if (!obj) throw new SegmentModelError('SEGMENT_MODEL_MISSING', 'stored encoder.onnx missing');
            return buffer(obj.stream);
          },
          pair.id,
        );
      const dir = defaultModelDir(this.webDist);
      if (!dir) throw new AppError(SegmentErrorCode.ModelMissing, 503);
      return await loadSegmentModel(dir);
    } catch (err) {
      if (err instanceof SegmentModelError) throw new AppError(err.code, 503);
      throw err;
    }
  }

  /** The pair the browser loads; with a dataset, the pair of that dataset's project (training permission). */
  async info(actor?: Actor, datasetId?: number): Promise<SegmentModelInfo> {
    let projectId: number | null = null;
    if (actor && datasetId !== undefined) {
      const [ds] = await this.db
        .select({ projectId: datasets.projectId })
        .from(datasets)
        .where(eq(datasets.id, datasetId));
      if (!ds) throw new AppError('DATASET_NOT_FOUND', 404, {}, 'dataset_id');
      await requireProjectAccess(this.db, actor, ds.projectId, 'project.train', 'dataset_id');
      projectId = ds.projectId;
    }
    const { pair, source } = await this.pairFor(projectId);
    const m = await this.model(projectId);
    return {
      name: m.meta.name,
      input_size: m.meta.input_size,
      mask_size: m.meta.mask_size,
      embedding: m.meta.embedding,
      decoder_url: pair
        ? `/api/v2/segment/models/${pair.id}/decoder.onnx`
        : `/models/segment/decoder.onnx?v=${m.id}`,
      source,
      uploaded_at: source === 'uploaded' ? ((pair as ActivePair).uploaded_at ?? null) : null,
    };
  }

  /**
   * An admin's SAM-compatible pair replaces the default one once it loads in onnxruntime-node and its
   * inputs/outputs fit (SEGMENT_ONNX_LOAD / SEGMENT_MODEL_SHAPE otherwise, nothing stored).
   */
  async upload(actor: Actor, files: { encoder: Buffer; decoder: Buffer; name: string }) {
    let meta: SegmentMeta;
    try {
      meta = await inspectPair(files.encoder, files.decoder, files.name);
    } catch (err) {
      if (err instanceof SegmentModelError)
        throw new AppError(err.code, 400, { detail: err.message.slice(0, 300) }, 'file');
      throw err;
    }
    const id = createHash('sha256').update(files.encoder).update(files.decoder).digest('hex').slice(0, 24);
    await this.storage.put(pairKey(id, 'encoder.onnx'), files.encoder, {
      contentType: 'application/octet-stream',
    });
    await this.storage.put(pairKey(id, 'decoder.onnx'), files.decoder, {
      contentType: 'application/octet-stream',
    });
    const active: ActivePair = { ...meta, id, uploaded_at: new Date().toISOString(), uploaded_by: actor.id };
    await this.storage.put(ACTIVE_KEY, Buffer.from(JSON.stringify(active)), {
      contentType: 'application/json',
    });
    return this.info();
  }

  /** Back to the default pair (the uploaded files stay until a new upload of the same content). */
  async reset() {
    await this.storage.delete(ACTIVE_KEY);
    return this.info();
  }

  /**
   * A stored decoder for the browser, by content id: the admin's active pair, or a project's refined
   * pair (the id is only known from that project's model info; refined pairs stay addressable).
   */
  async decoderFile(id: string) {
    const active = await this.active();
    const obj =
      active?.id === id
        ? await this.storage.get(pairKey(id, 'decoder.onnx'))
        : await this.storage.get(segmentModelKeys.refined(id, 'decoder.onnx'));
    if (!obj) throw new AppError('NOT_FOUND', 404, {}, 'id');
    return obj;
  }

  private async imageFor(actor: Actor, datasetId: number, imageId: string) {
    const [img] = await this.db
      .select({ id: datasetImages.id, projectId: datasets.projectId })
      .from(datasetImages)
      .innerJoin(datasets, eq(datasets.id, datasetImages.datasetId))
      .where(and(eq(datasetImages.id, imageId), eq(datasetImages.datasetId, datasetId)));
    if (!img) throw new AppError('IMAGE_NOT_FOUND', 404, {}, 'imageId');
    await requireProjectAccess(this.db, actor, img.projectId, 'project.train', 'id');
    return img;
  }

  /**
   * A stored mask PNG of one image (an imported sg/ad mask the workspace draws): only keys under the
   * image's own storage folder.
   */
  async maskFile(actor: Actor, datasetId: number, imageId: string, key: string) {
    await this.imageFor(actor, datasetId, imageId);
    if (!key.startsWith(`images/${imageId.toLowerCase()}/`) || key.includes('..') || !key.endsWith('.png'))
      throw new AppError('NOT_FOUND', 404, {}, 'key');
    const obj = await this.storage.get(key);
    if (!obj) throw new AppError('NOT_FOUND', 404, {}, 'key');
    return obj;
  }

  /** The .npy embedding of one image (computed and stored on first use). */
  async embedding(actor: Actor, datasetId: number, imageId: string): Promise<Buffer> {
    const img = await this.imageFor(actor, datasetId, imageId);
    const model = await this.model(img.projectId);
    const key = `segment/${model.id}/${imageId.toLowerCase()}.npy`;
    const cached = await this.storage.get(key);
    if (cached) {
      const buf = await buffer(cached.stream);
      try {
        readNpy(buf);
        return buf;
      } catch (err) {
        if (!(err instanceof NpyError)) throw err;
        // A broken cache entry is computed again below.
      }
    }
    const original = await this.storage.get(imageKeys(imageId).original);
    if (!original) throw new AppError('IMAGE_NOT_FOUND', 404, {}, 'imageId');
    const { data, shape } = await embed(model, await buffer(original.stream));
    const npy = Buffer.from(writeNpy(data, shape));
    await this.storage.put(key, npy, { contentType: 'application/octet-stream' });
    return npy;
  }
}
