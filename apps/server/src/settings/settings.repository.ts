// Key/value settings (jsonb) shared by every process, e.g. 'maintenance'.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@sightline/db';
import { settings } from '@sightline/db';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get<T>(key: string): Promise<T | undefined> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return row?.value as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
  }
}
