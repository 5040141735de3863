// Notice and attachment queries. Visibility (who may read which notice) is one SQL fragment, used by the
// list, the detail and the attachment reads alike.
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { Role, type Actor, type NoticeListQuery } from '@sightline/domain';
import {
  companies,
  noticeAttachments,
  notices,
  users,
  type Db,
  type NoticeAttachmentRow,
  type NoticeRow,
} from '@sightline/db';
import { textSearch } from '../../common/list-query';

/**
 * Anonymous visitors read notices for everyone; roles 1 and 2 (who manage notices) read all; others read
 * those for everyone, for their company, and for their department in their company.
 */
export function visibleTo(actor: Actor | undefined): SQL | undefined {
  if (!actor) return eq(notices.scope, 'all');
  if (actor.roleId <= Role.ServiceAdmin) return undefined;
  if (actor.companyId === null) return eq(notices.scope, 'all');
  return or(
    eq(notices.scope, 'all'),
    and(
      eq(notices.companyId, actor.companyId),
      or(
        eq(notices.scope, 'company'),
        sql`${notices.department} = (SELECT u.department FROM users u WHERE u.id = ${actor.id})`,
      ),
    ),
  );
}

const listColumns = {
  id: notices.id,
  title: notices.title,
  category: notices.category,
  scope: notices.scope,
  companyId: notices.companyId,
  companyName: companies.name,
  department: notices.department,
  pinned: notices.pinned,
  authorName: users.name,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
  attachmentCount: sql<number>`(SELECT count(*)::int FROM notice_attachments a WHERE a.notice_id = ${notices.id})`,
};
export class NoticeRepository {
  constructor(private readonly db: Db) {}

  private filter(q: NoticeListQuery, actor: Actor | undefined): SQL | undefined {
    return and(
      visibleTo(actor),
      eq(notices.category, q.category),
      q.group === 'all' ? eq(notices.scope, 'all') : undefined,
      q.group === 'company' ? sql`${notices.scope} <> 'all'` : undefined,
      textSearch(q.q, [notices.title]),
    );
  }

  async list(q: NoticeListQuery, actor: Actor | undefined) {
    const where = this.filter(q, actor);
    const rows = await this.db
      .select(listColumns)
      .from(notices)
      .leftJoin(companies, eq(companies.id, notices.companyId))
      .leftJoin(users, eq(users.id, notices.authorId))
      .where(where)
      .orderBy(desc(notices.pinned), desc(notices.createdAt), desc(notices.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage);
    const [total] = await this.db.select({ n: count() }).from(notices).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findVisible(id: number, actor: Actor | undefined) {
    const [row] = await this.db
      .select({ ...listColumns, content: notices.content })
      .from(notices)
      .leftJoin(companies, eq(companies.id, notices.companyId))
      .leftJoin(users, eq(users.id, notices.authorId))
      .where(and(eq(notices.id, id), visibleTo(actor)));
    return row;
  }

  findById(id: number): Promise<NoticeRow | undefined> {
    return this.db.query.notices.findFirst({ where: eq(notices.id, id) });
  }

  attachments(noticeId: number): Promise<NoticeAttachmentRow[]> {
    return this.db
      .select()
      .from(noticeAttachments)
      .where(eq(noticeAttachments.noticeId, noticeId))
      .orderBy(noticeAttachments.createdAt, noticeAttachments.id);
  }

  async attachment(noticeId: number, attachmentId: string): Promise<NoticeAttachmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(noticeAttachments)
      .where(and(eq(noticeAttachments.id, attachmentId), eq(noticeAttachments.noticeId, noticeId)));
    return row;
  }

  async create(values: typeof notices.$inferInsert): Promise<NoticeRow> {
    const [row] = await this.db.insert(notices).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<typeof notices.$inferInsert>): Promise<NoticeRow | undefined> {
    const [row] = await this.db
      .update(notices)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(notices.id, id))
      .returning();
    return row;
  }

  /** Deletes the notice (its attachment rows cascade); returns the attachment ids whose objects to remove. */
  async remove(id: number): Promise<string[] | undefined> {
    return this.db.transaction(async (tx) => {
      const atts = await tx
        .select({ id: noticeAttachments.id })
        .from(noticeAttachments)
        .where(eq(noticeAttachments.noticeId, id));
      const gone = await tx.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
      return gone.length ? atts.map((a) => a.id) : undefined;
    });
  }

  async addAttachment(values: typeof noticeAttachments.$inferInsert): Promise<NoticeAttachmentRow> {
    const [row] = await this.db.insert(noticeAttachments).values(values).returning();
    await this.db
      .update(notices)
      .set({ updatedAt: sql`now()` })
      .where(eq(notices.id, values.noticeId));
    return row!;
  }

  async removeAttachment(noticeId: number, attachmentId: string): Promise<boolean> {
    const rows = await this.db
      .delete(noticeAttachments)
      .where(and(eq(noticeAttachments.id, attachmentId), eq(noticeAttachments.noticeId, noticeId)))
      .returning({ id: noticeAttachments.id });
    return rows.length === 1;
  }

  async attachmentCount(noticeId: number): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(noticeAttachments)
      .where(eq(noticeAttachments.noticeId, noticeId));
    return r?.n ?? 0;
  }

  async companyExists(id: number): Promise<boolean> {
    const [r] = await this.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
    return !!r;
  }
}

export type NoticeListRow = Awaited<ReturnType<NoticeRepository['list']>>['rows'][number];
