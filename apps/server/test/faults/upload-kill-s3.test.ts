// Issue 18 item 2 on S3 (s3rver on loopback): a server SIGKILLed mid-upload leaves no object behind
// after its restart (the bucket equals the rows; no spool or journal row). See upload-kill.ts.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startS3rver } from '@sightline/storage/testing';
import { runUploadKill } from './upload-kill';

let s3: Awaited<ReturnType<typeof startS3rver>>;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.stop();
});

describe('a server killed mid-upload (S3)', () => {
  it('is cleaned up on restart: the bucket equals rows', { timeout: 240_000 }, async () => {
    await runUploadKill({
      images: 500,
      size: 48,
      killAfter: 60,
      env: { ...s3.env, S3_FORCE_PATH_STYLE: 'true' },
      storage: () => s3.storage,
    });
  });
});
