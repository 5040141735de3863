// The token-signing secret: generated into DATA_DIR/secret on first start, reused afterwards.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'secret');
  if (!existsSync(file)) {
    // wx: two servers starting at once on one DATA_DIR must not overwrite each other's secret.
    try {
      writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 bytes`);
  return new Uint8Array(secret);
}
