// The labels of one upload's annotated zips, from reading them to their image_objects rows:
//   take()          per zip: finds the label root, reads the labels (od/sg with the vision engine's
//                   readers on the extracted zip; ad from its folders), and hands back the image
//                   sources with the label files taken out and paths laid out for the upload plan;
//   store()         per stored image: checks and stores its masks, keeps its objects;
//   insertObjects() in the upload's transaction: image_objects rows of the images that were inserted.
// Geometry (what packages/jobs materializeDataset reads): 'box' {x1,y1,x2,y2} in image pixels,
// 'mask' {key, sha256, width, height} — a binary PNG in storage, white = the object's class.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { CLASS_MAX, DatasetErrorCode as E, isImageFileName, type DatasetType } from '@sightline/domain';
import { imageObjects } from '@sightline/db';
import { assertKey, type Storage } from '@sightline/storage';
import { readDataset, VisionError } from '@sightline/vision';
import { AppError } from '../../../../common/app-error';
import type { Tx } from '../../dataset.repository';
import { sha256 } from '../image-processor';
import type { PlanSource } from '../upload-plan';
import { isJunkPath } from '../upload-plan';
import type { OpenedZip, ZipEntryRef } from '../zip-reader';
import { AD_OK_CLASS, adEntryRole, annotationRoot, cleanClassName, isOdLabelFile } from './layout';

interface MaskRef {
  zip: OpenedZip;
  entry: ZipEntryRef;
  label: string;
  className: string;
}

interface ImageLabels {
  boxes: { className: string; x1: number; y1: number; x2: number; y2: number }[];
  masks: MaskRef[];
}

interface LabelObject {
  className: string;
  kind: 'box' | 'mask';
  geometry: Record<string, number | string>;
}

type ZipRef = { entry: ZipEntryRef };

const basename = (p: string) => p.split('/').pop()!;
/** Pixel coordinates to 1/10000 px: YOLO's normalised numbers give 9.000000000000002 for 9. */
const px = (v: number) => Math.round(v * 1e4) / 1e4;
const stemOf = (p: string) => basename(p).replace(/\.[^.]+$/, '');

export class UploadAnnotations {
  private readonly labels = new Map<ZipEntryRef, ImageLabels>();
  /** od/sg classes named by label files, in label order. */
  private readonly labelClasses: string[] = [];
  private readonly objects = new Map<string, LabelObject[]>();
  private readonly workDirs: string[] = [];

  constructor(private readonly type: DatasetType) {}

  /** The image sources of one zip, its label files taken out; unchanged when it carries no labels. */
  async take<T extends ZipRef>(
    sources: PlanSource<T>[],
    zip: OpenedZip,
    zipName: string,
    workDir: string,
  ): Promise<PlanSource<T>[]> {
    const root = annotationRoot(
      this.type,
      sources.map((s) => s.relPath),
    );
    if (root === null) return sources;
    const inRoot = (s: PlanSource<T>) => !isJunkPath(s.relPath) && s.relPath.startsWith(root);
    if (this.type === 'ad') return this.takeAd(sources, inRoot, root, zip, zipName);
    return this.takeWithReader(sources, inRoot, root, zip, zipName, workDir);
  }

  /** od (YOLO, Pascal VOC, COCO) and sg (images/ + masks/<class>/) through the engine's readers. */
  private async takeWithReader<T extends ZipRef>(
    sources: PlanSource<T>[],
    inRoot: (s: PlanSource<T>) => boolean,
    root: string,
    zip: OpenedZip,
    zipName: string,
    workDir: string,
  ): Promise<PlanSource<T>[]> {
    const task = this.type as 'od' | 'sg';
    const dir = join(workDir, `labels-${this.workDirs.length}`);
    this.workDirs.push(dir);
    const byRel = new Map<string, PlanSource<T>>();
    for (const s of sources) {
      if (!inRoot(s)) continue;
      const rel = s.relPath.slice(root.length);
      byRel.set(rel, s);
      if (!isImageFileName(rel) && !(task === 'od' && isOdLabelFile(rel))) continue;
      const dest = join(dir, rel);
      await mkdir(dirname(dest), { recursive: true });
      await writeFile(dest, await zip.read(s.ref.entry));
    }
    const ds = await readDataset(task, dir).catch((err: unknown) => {
      throw labelError(err, dir, `${zipName}: ${root}`);
    });

    const names = ds.classes.map((c) => cleanClassName(c.name));
    const labelFile = `${zipName}: ${root}${task === 'sg' ? 'masks/' : ''}`;
    if (names.some((n) => !n) || new Set(names.map((n) => n.toLowerCase())).size !== names.length) {
      throw new AppError(E.LabelFileInvalid, 400, { file: labelFile });
    }
    for (const n of names)
      if (!this.labelClasses.some((c) => c.toLowerCase() === n.toLowerCase())) this.labelClasses.push(n);
    if (this.labelClasses.length > CLASS_MAX) throw new AppError(E.ClassLimit, 400);

    for (const item of ds.items) {
      const src = byRel.get(relative(dir, item.path).split('\\').join('/'));
      if (!src) continue; // a COCO image the zip does not hold
      const masks: MaskRef[] = [];
      for (const m of item.masks ?? []) {
        const maskSrc = byRel.get(relative(dir, m.path).split('\\').join('/'));
        if (maskSrc)
          masks.push({
            zip,
            entry: maskSrc.ref.entry,
            label: `${zipName}: ${maskSrc.relPath}`,
            className: names[m.classIndex]!,
          });
      }
      const boxes = (item.boxes ?? []).map((b) => ({
        className: names[b.classIndex]!,
        x1: px(b.x1),
        y1: px(b.y1),
        x2: px(b.x2),
        y2: px(b.y2),
      }));
      this.labels.set(src.ref.entry, { boxes, masks });
    }

    const out: PlanSource<T>[] = [];
    for (const s of sources) {
      if (!inRoot(s)) {
        out.push(s);
        continue;
      }
      const rel = s.relPath.slice(root.length);
      if (task === 'od' && isOdLabelFile(rel)) continue;
      if (task === 'sg' && rel.toLowerCase().startsWith('masks/')) continue;
      // Labelled images go to the upload's folder (zip name or the chosen folder), as root files do.
      out.push(isImageFileName(rel) ? { ...s, relPath: basename(rel) } : s);
    }
    return out;
  }

  /** ad: class folders (train|test/<class>/, or <class>/), masks in ground_truth/<class>/<stem>[_mask].png. */
  private takeAd<T extends ZipRef>(
    sources: PlanSource<T>[],
    inRoot: (s: PlanSource<T>) => boolean,
    root: string,
    zip: OpenedZip,
    zipName: string,
  ): PlanSource<T>[] {
    const masks = new Map<string, PlanSource<T>>();
    const out: PlanSource<T>[] = [];
    const images: PlanSource<T>[] = [];
    for (const s of sources) {
      if (!inRoot(s)) {
        out.push(s);
        continue;
      }
      const rel = s.relPath.slice(root.length);
      const role = adEntryRole(rel);
      if (role === 'note') continue;
      if (role === 'mask') {
        const parts = rel.split('/');
        if (parts.length === 3)
          masks.set(
            `${parts[1]!.toLowerCase()}/${stemOf(rel)
              .replace(/_mask$/i, '')
              .toLowerCase()}`,
            s,
          );
        continue;
      }
      const laidOut = { ...s, relPath: rel };
      out.push(laidOut);
      if (role === 'image') images.push(laidOut);
    }
    for (const s of images) {
      const parts = s.relPath.split('/');
      if (parts.length < 2) continue;
      const className = parts[parts.length - 2]!;
      const mask = masks.get(`${className.toLowerCase()}/${stemOf(s.relPath).toLowerCase()}`);
      if (mask) {
        this.labels.set(s.ref.entry, {
          boxes: [],
          masks: [{ zip, entry: mask.ref.entry, label: `${zipName}: ${mask.relPath}`, className }],
        });
      }
    }
    return out;
  }

  /** Label classes the dataset does not have yet (compared case-insensitively with `known`). */
  newClasses(known: readonly string[]): string[] {
    const have = new Set(known.map((n) => n.toLowerCase()));
    return this.labelClasses.filter((n) => !have.has(n.toLowerCase()));
  }

  /** Whether a class created by this upload is an OK class (ad: good, ok, normal, pass). */
  isOk(name: string): boolean {
    return this.type === 'ad' && AD_OK_CLASS.test(name);
  }

  /** After an image is stored: checks and stores its masks and keeps its objects for insertObjects. */
  async store(
    entry: ZipEntryRef | null,
    imageId: string,
    size: { width: number; height: number },
    storage: Storage,
    written: string[],
  ) {
    const labels = entry ? this.labels.get(entry) : undefined;
    if (!labels) return;
    const objects: LabelObject[] = labels.boxes.map(({ className, ...box }) => ({
      className,
      kind: 'box',
      geometry: box,
    }));
    for (const [i, m] of labels.masks.entries()) {
      let buf = await m.zip.read(m.entry);
      const meta = await sharp(buf)
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) throw new AppError(E.LabelFileInvalid, 400, { file: m.label });
      if (meta.width !== size.width || meta.height !== size.height)
        throw new AppError(E.LabelMaskSize, 400, { file: m.label });
      if (meta.format !== 'png') buf = await sharp(buf).png().toBuffer();
      const key = assertKey(`images/${imageId.toLowerCase()}/mask-${i}.png`);
      written.push(key);
      await storage.put(key, buf, { contentType: 'image/png' });
      objects.push({
        className: m.className,
        kind: 'mask',
        geometry: { key, sha256: sha256(buf), width: meta.width, height: meta.height },
      });
    }
    if (objects.length) this.objects.set(imageId, objects);
  }

  /** image_objects rows of the inserted images; classes by name (any case). */
  async insertObjects(tx: Tx, inserted: Set<string>, classIds: Map<string, number>) {
    const byLower = new Map([...classIds].map(([n, id]) => [n.toLowerCase(), id]));
    const rows = [...this.objects]
      .filter(([imageId]) => inserted.has(imageId))
      .flatMap(([imageId, objs]) =>
        objs.map((o) => ({
          imageId,
          classId: byLower.get(o.className.toLowerCase()) ?? null,
          kind: o.kind,
          geometry: o.geometry,
        })),
      );
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(imageObjects).values(rows.slice(i, i + 1000));
  }

  async close() {
    for (const d of this.workDirs) await rm(d, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** An engine reader's refusal as a 400 naming the label file (paths inside the zip, not on disk). */
function labelError(err: unknown, dir: string, prefix: string): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const m = new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?([^\\s:]*)`).exec(message);
  // "YOLO data needs classes.txt in <dir>" names the folder: name the missing file instead.
  const file = `${prefix}${m?.[1] || (/classes\.txt/.test(message) ? 'classes.txt' : '')}`;
  if (err instanceof VisionError) return new AppError(E.LabelFileInvalid, 400, { file });
  // The YOLO reader decodes image headers: an undecodable image.
  return new AppError(E.ImageCorrupt, 400, { file });
}
