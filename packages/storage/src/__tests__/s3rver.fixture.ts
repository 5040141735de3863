// Starts `s3rver` on loopback with a free port and a temp directory, and a bucket for the tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { S3Storage } from '../s3-storage';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverInstance;

export async function startS3rver(bucket = 'sightline-test') {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;
  const directory = await mkdtemp(join(tmpdir(), 'sightline-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
  };
  const storage = new S3Storage({
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  });
  return {
    env,
    storage,
    async stop() {
      storage.client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
