// Click segmentation on the server side: which model the browser should load, and the image
// embedding (computed once per image and model, cached in storage as .npy).
import { and, eq } from 'drizzle-orm';
import { datasetImages, datasets, type Db } from '@sightline/db';
import { imageKeys, type Storage } from '@sightline/storage';
import { NpyError, readNpy, SegmentErrorCode, writeNpy, type Actor } from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { requireProjectAccess } from '../../common/project-access';
import { defaultModelDir, embed, loadSegmentModel, SegmentModelError } from './segment-model';

export { SegmentErrorCode };

export interface SegmentModelInfo {
  name: string;
  input_size: number;
  mask_size: number;
  decoder_url: string;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

export class SegmentService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly webDist: string,
  ) {}

  private async model() {
    const dir = defaultModelDir(this.webDist);
    if (!dir) throw new AppError(SegmentErrorCode.ModelMissing, 503);
    try {
      return await loadSegmentModel(dir);
    } catch (err) {
      if (err instanceof SegmentModelError) throw new AppError(err.code, 503);
      throw err;
    }
  }

  async info(): Promise<SegmentModelInfo> {
    const m = await this.model();
    return {
      name: m.meta.name,
      input_size: m.meta.input_size,
      mask_size: m.meta.mask_size,
      decoder_url: `/models/segment/decoder.onnx?v=${m.id}`,
    };
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
    await this.imageFor(actor, datasetId, imageId);
    const model = await this.model();
    const key = `segment/${model.id}/${imageId.toLowerCase()}.npy`;
    const cached = await this.storage.get(key);
    if (cached) {
      const buf = await readAll(cached.stream);
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
    const { data, shape } = await embed(model, await readAll(original.stream));
    const npy = Buffer.from(writeNpy(data, shape));
    await this.storage.put(key, npy, { contentType: 'application/octet-stream' });
    return npy;
  }
}
