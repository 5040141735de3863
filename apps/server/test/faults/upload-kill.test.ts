// Issue 18 item 2 on local disk: a server SIGKILLed mid-upload leaves nothing behind after its restart
// (the storage tree equals the rows; no spool, temp file or journal row). See upload-kill.ts.
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { LocalStorage } from '@sightline/storage';
import { runUploadKill } from './upload-kill';

describe('a server killed mid-upload (local disk)', () => {
  it('is cleaned up on restart: storage equals rows', { timeout: 240_000 }, async () => {
    await runUploadKill({
      images: 800,
      size: 48,
      killAfter: 100,
      env: { S3_BUCKET: '' },
      storage: (dataDir) => new LocalStorage(join(dataDir, 'storage')),
    });
  });
});
