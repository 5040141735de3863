// Picks the storage from the environment: S3 when S3_BUCKET is set, else local disk under DATA_DIR.
import { join } from 'node:path';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export function createStorage(env: NodeJS.ProcessEnv, dataDir: string): Storage {
  if (env.S3_BUCKET) {
    const need = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    for (const n of need) if (!env[n]) throw new Error(`${n} is required when S3_BUCKET is set`);
    return new S3Storage({
      endpoint: env.S3_ENDPOINT || undefined,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      region: env.S3_REGION || 'us-east-1',
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : undefined,
    });
  }
  return new LocalStorage(join(dataDir, 'storage'));
}
