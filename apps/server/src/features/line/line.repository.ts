// Line queries: the lines of one project, the per-project code uniqueness check, writes.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { LineInput, ListQuery } from '@sightline/domain';
import { lines, type LineRow } from '@sightline/db';
import { listPage, orderFor, textSearch } from '../../common/list-query';
import type { Executor } from '../../common/tx';

export class LineRepository {
  constructor(private readonly db: Executor) {}

  async list(projectId: number, q: ListQuery): Promise<{ rows: LineRow[]; total: number }> {
    const where = and(
      eq(lines.projectId, projectId),
      textSearch(q.q, [lines.code, lines.name, lines.productName, lines.processName]),
    );
    const order = orderFor(
      q,
      { code: lines.code, name: lines.name, createdAt: lines.createdAt },
      'code',
      lines.id,
    );
    return listPage(this.db, this.db.select().from(lines).$dynamic(), lines, where, order, q);
  }

  async find(projectId: number, lineId: number): Promise<LineRow | undefined> {
    const [row] = await this.db
      .select()
      .from(lines)
      .where(and(eq(lines.projectId, projectId), eq(lines.id, lineId)));
    return row;
  }

  /** Line codes are unique within their project, regardless of case. */
  async codeTaken(projectId: number, code: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: lines.id })
      .from(lines)
      .where(
        and(
          eq(lines.projectId, projectId),
          sql`lower(${lines.code}) = lower(${code})`,
          exceptId ? ne(lines.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  }

  async insert(projectId: number, l: LineInput): Promise<LineRow> {
    const [row] = await this.db
      .insert(lines)
      .values({ projectId, ...l })
      .returning();
    return row!;
  }

  async update(lineId: number, l: LineInput): Promise<LineRow> {
    const [row] = await this.db.update(lines).set(l).where(eq(lines.id, lineId)).returning();
    return row!;
  }

  async delete(lineId: number): Promise<void> {
    await this.db.delete(lines).where(eq(lines.id, lineId));
  }
}
