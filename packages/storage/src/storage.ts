// One storage interface for originals, thumbnails and download zips; local disk and S3 implement it.
// Keys are id- or content-based ("images/<uuid>/original"), never built from user text: assertKey
// refuses anything else so a name from an upload can never reach a path or an object key.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

export interface StoredObject {
  stream: Readable;
  size: number;
  contentType?: string;
}

export interface ObjectInfo {
  size: number;
  modifiedAt: Date;
}

export interface CopyOptions {
  /**
   * false: the copy may keep its source's age (a hard link shares the file's time). Only for a key whose
   * owner already has a new object that storage GC judges it by: an image's thumbnail and masks go with
   * its original.
   */
  touch?: boolean;
}

export interface PutOptions {
  contentType?: string;
  /**
   * The key is new (a fresh id) and nothing names it until the caller commits a row that does: a backend
   * may write it in place instead of through a temp object, since no reader can ask for it before then.
   * A crash may leave a torn object no row names, which storage GC removes.
   */
  fresh?: boolean;
}

/** What to write: bytes in memory, or a local file (streamed, never read whole). */
export type PutBody = Buffer | { path: string };

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes atomically: readers see the old object (or none) until the whole new one is there. */
  put(key: string, body: PutBody, opts?: PutOptions): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Copies an object to another key inside the storage (no bytes through this process where the backend
   * allows: a hard link on disk, a server-side copy on S3); atomic like put. False when `from` is missing. */
  copy(from: string, to: string, opts?: CopyOptions): Promise<boolean>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Keys under a prefix, in no particular order. */
  list(prefix: string): AsyncIterable<string>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Keys are lower-case segments of [a-z0-9._-] joined by '/', without '..' or empty segments. */
export function assertKey(key: string): string {
  if (
    key.length > 512 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((s) => s === '.' || s === '..' || s.includes('..'))
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function assertPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  return assertKey(prefix.replace(/\/$/, '')) + (prefix.endsWith('/') ? '/' : '');
}

/** The keys of one stored image: id-based, so two datasets never share or clobber an object. */
export const imageKeys = (imageId: string) => ({
  original: assertKey(`images/${imageId.toLowerCase()}/original`),
  thumb: assertKey(`images/${imageId.toLowerCase()}/thumb.webp`),
});

export const downloadKey = (jobId: string) => assertKey(`downloads/${jobId.toLowerCase()}.zip`);

/**
 * Click-segmentation pairs (issue 16): an admin's uploaded pair's files and a project's refined pair's
 * files by content id, the admin's active pair record, and one project's refined pair record.
 */
type PairFile = 'encoder.onnx' | 'decoder.onnx';
export const segmentModelKeys = {
  file: (id: string, file: PairFile) => assertKey(`segment-models/${id}/${file}`),
  refined: (id: string, file: PairFile) => assertKey(`segment-models/refined/${id}/${file}`),
  active: 'segment-models/active.json',
  project: (projectId: number) => assertKey(`segment-models/projects/${projectId}.json`),
  /** Listing prefixes (storage GC): the projects' records and the refined pairs' folders. */
  projectsPrefix: 'segment-models/projects/',
  refinedPrefix: 'segment-models/refined/',
};

/** A whole stored object in memory, null when the key does not exist: for objects read at once anyway
 * (images, masks, model files, small records). */
export async function readBuffer(storage: Pick<Storage, 'get'>, key: string): Promise<Buffer | null> {
  const obj = await storage.get(key);
  return obj ? buffer(obj.stream) : null;
}
