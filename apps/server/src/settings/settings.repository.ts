// Key/value settings (jsonb) shared by every process, e.g. 'maintenance'.
// Reads are cached for a few seconds because the maintenance window is read on every authenticated
// request; writes through this repository clear the cache at once, so only a change made by another
// process can be seen up to SETTINGS_CACHE_TTL_MS late.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@sightline/db';
import { settings } from '@sightline/db';

export const SETTINGS_CACHE_TTL_MS = 5_000;

export class SettingsRepository {
  private readonly cache = new Map<string, { value: unknown; at: number }>();

  constructor(private readonly db: Db) {}

  async get<T>(key: string): Promise<T | undefined> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < SETTINGS_CACHE_TTL_MS) return hit.value as T | undefined;
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    this.cache.set(key, { value: row?.value, at: Date.now() });
    return row?.value as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    this.cache.delete(key);
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    this.cache.delete(key);
  }

  async delete(key: string): Promise<void> {
    this.cache.delete(key);
    await this.db.delete(settings).where(eq(settings.key, key));
    this.cache.delete(key);
  }
}
