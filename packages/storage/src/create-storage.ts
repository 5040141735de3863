// Picks the storage from an explicit config: S3 when a bucket is set, else local disk under dataDir.
// Apps read the environment once in their config.ts (storageConfigFromEnv) and pass the result here.
import { join } from 'node:path';
import { LocalStorage } from './local-storage';
import { S3Storage, type S3Options } from './s3-storage';
import type { Storage } from './storage';

export type StorageConfig = { kind: 'local'; dataDir: string } | ({ kind: 's3' } & S3Options);

/** S3_BUCKET (with S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION, S3_FORCE_PATH_STYLE) or DATA_DIR/storage. */
export function storageConfigFromEnv(
  env: Record<string, string | undefined>,
  dataDir: string,
): StorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', dataDir };
  const need = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  for (const n of need) if (!env[n]) throw new Error(`${n} is required when S3_BUCKET is set`);
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : undefined,
  };
}

export function createStorage(config: StorageConfig): Storage {
  if (config.kind === 's3') {
    const { kind: _kind, ...opts } = config;
    return new S3Storage(opts);
  }
  return new LocalStorage(join(config.dataDir, 'storage'));
}
