// S3-compatible object storage through the AWS SDK (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY, S3_REGION). A PutObject is atomic on S3: the key appears only when complete.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertKey,
  assertPrefix,
  type ObjectInfo,
  type PutBody,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

export interface S3Options {
  endpoint?: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Path-style URLs: needed by most self-hosted S3 servers (MinIO, s3rver). */
  forcePathStyle?: boolean;
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3Options) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
      // Many S3-compatible servers do not understand the SDK's default flexible checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: PutBody, opts: PutOptions = {}): Promise<void> {
    assertKey(key);
    // Size first: a missing source must fail before a stream is opened.
    const payload = Buffer.isBuffer(body)
      ? { Body: body, ContentLength: body.length }
      : { ContentLength: (await stat(body.path)).size, Body: createReadStream(body.path) };
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: opts.contentType, ...payload }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return {
        stream: out.Body as Readable,
        size: Number(out.ContentLength ?? 0),
        contentType: out.ContentType,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** A server-side copy: the bytes never pass through this process; metadata (content type) is kept. */
  async copy(from: string, to: string): Promise<boolean> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: assertKey(to),
          CopySource: `${this.bucket}/${assertKey(from)}`,
        }),
      );
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return { size: Number(out.ContentLength ?? 0), modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.deleteMany([key]);
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    // DeleteObjects takes at most 1000 keys per call.
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000).map((k) => ({ Key: assertKey(k) }));
      const out = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: chunk, Quiet: true } }),
      );
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 delete failed for ${failed.length} keys: ${failed[0]?.Code}`);
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const o of out.Contents ?? []) if (o.Key) yield o.Key;
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
}
