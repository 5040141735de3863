// Builds the notice feature from the repository and storage it uses.
import type { AppDeps } from '../../app-deps';
import { NoticeRepository } from './notice.repository';
import { NoticeService } from './notice.service';

export function createNoticeServices(deps: Pick<AppDeps, 'database' | 'storage'>) {
  return { notices: new NoticeService(new NoticeRepository(deps.database.db), deps.storage) };
}
