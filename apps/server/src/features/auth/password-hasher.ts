// Password hashing: argon2id (the @node-rs/argon2 default algorithm) with its recommended costs.
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (plain: string) => hash(plain);

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false; // a malformed hash never matches
  }
}
