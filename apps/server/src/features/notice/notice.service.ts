// Notices: public reading (scope decides who sees what, also logged out) and management by the system
// admin and the service admin (SPEC §6). Content is sanitised here before every write; attachments live
// in storage under notices/<attachment id> and are served only to readers of their notice.
import { randomUUID } from 'node:crypto';
import {
  NOTICE_LIMITS,
  NoticeErrorCode,
  Role,
  type Actor,
  type NoticeDetail,
  type NoticeInput,
  type NoticeListItem,
  type NoticeListQuery,
} from '@sightline/domain';
import { assertKey, type Storage, type StoredObject } from '@sightline/storage';
import { AppError, orNotFound } from '../../common/app-error';
import { mapAttachment, mapNoticeDetail, mapNoticeItem } from './notice.mapper';
import { sanitizeNoticeHtml } from './notice-html';
import type { NoticeRepository } from './notice.repository';

export const noticeAttachmentKey = (id: string) => assertKey(`notices/${id.toLowerCase()}`);
export const canManageNotices = (a: Pick<Actor, 'roleId'>) => a.roleId <= Role.ServiceAdmin;

/** A name safe for a Content-Disposition header (the stored key never uses it). */
export const safeFileName = (name: string) => name.replace(/[^\w.\- ()가-힣]/g, '_').slice(-150) || 'file';

const PDF = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';
const PNG = (b: Buffer) => b[0] === 0x89 && b.subarray(1, 4).toString('latin1') === 'PNG';
const JPEG = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** The stored type comes from the bytes for PDF and images (what the viewer trusts), else a download. */
export function sniffAttachmentType(head: Buffer): string {
  if (PDF(head)) return 'application/pdf';
  if (PNG(head)) return 'image/png';
  if (JPEG(head)) return 'image/jpeg';
  return 'application/octet-stream';
}

export class NoticeService {
  constructor(
    private readonly repo: NoticeRepository,
    private readonly storage: Storage,
  ) {}

  private requireManager(actor: Actor) {
    if (!canManageNotices(actor)) throw AppError.forbidden();
  }

  async list(
    actor: Actor | undefined,
    q: NoticeListQuery,
  ): Promise<{ data: NoticeListItem[]; total: number }> {
    const { rows, total } = await this.repo.list(q, actor);
    return { data: rows.map(mapNoticeItem), total };
  }

  async get(actor: Actor | undefined, id: number): Promise<NoticeDetail> {
    const row = orNotFound(await this.repo.findVisible(id, actor), 'id');
    return mapNoticeDetail(row, await this.repo.attachments(id));
  }

  async attachment(
    actor: Actor | undefined,
    id: number,
    attachmentId: string,
  ): Promise<{ object: StoredObject; name: string; type: string }> {
    orNotFound(await this.repo.findVisible(id, actor), 'id');
    const att = orNotFound(await this.repo.attachment(id, attachmentId), 'attachmentId');
    const object = orNotFound(await this.storage.get(noticeAttachmentKey(att.id)), 'attachmentId');
    return { object, name: safeFileName(att.fileName), type: att.contentType };
  }

  private async values(input: NoticeInput) {
    if (input.scope !== 'all' && !(await this.repo.companyExists(input.company_id!)))
      throw AppError.validation('company_id', NoticeErrorCode.CompanyRequired);
    return {
      title: input.title,
      content: sanitizeNoticeHtml(input.content),
      category: input.category,
      scope: input.scope,
      companyId: input.scope === 'all' ? null : input.company_id,
      department: input.scope === 'department' ? input.department : null,
      pinned: input.pinned,
    };
  }

  async create(actor: Actor, input: NoticeInput): Promise<NoticeDetail> {
    this.requireManager(actor);
    const row = await this.repo.create({ ...(await this.values(input)), authorId: actor.id });
    return this.get(actor, row.id);
  }

  async update(actor: Actor, id: number, input: NoticeInput): Promise<NoticeDetail> {
    this.requireManager(actor);
    orNotFound(await this.repo.update(id, await this.values(input)), 'id');
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: number): Promise<{ id: number }> {
    this.requireManager(actor);
    const attachmentIds = orNotFound(await this.repo.remove(id), 'id');
    await this.storage.deleteMany(attachmentIds.map(noticeAttachmentKey));
    return { id };
  }

  async addAttachment(actor: Actor, id: number, file: { name: string; data: Buffer }) {
    this.requireManager(actor);
    orNotFound(await this.repo.findById(id), 'id');
    if (file.data.length === 0) throw AppError.validation('file', NoticeErrorCode.FileRequired);
    if ((await this.repo.attachmentCount(id)) >= NOTICE_LIMITS.attachmentsPerNotice)
      throw AppError.validation('file', NoticeErrorCode.TooManyFiles);
    const attId = randomUUID();
    const type = sniffAttachmentType(file.data.subarray(0, 16));
    await this.storage.put(noticeAttachmentKey(attId), file.data, { contentType: type });
    try {
      const row = await this.repo.addAttachment({
        id: attId,
        noticeId: id,
        fileName: safeFileName(file.name),
        contentType: type,
        size: file.data.length,
      });
      return mapAttachment(row);
    } catch (err) {
      await this.storage.delete(noticeAttachmentKey(attId)).catch(() => undefined);
      throw err;
    }
  }

  async removeAttachment(actor: Actor, id: number, attachmentId: string): Promise<{ id: string }> {
    this.requireManager(actor);
    if (!(await this.repo.removeAttachment(id, attachmentId))) throw AppError.notFound('attachmentId');
    await this.storage.delete(noticeAttachmentKey(attachmentId));
    return { id: attachmentId };
  }
}
