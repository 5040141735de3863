// Every monitoring call names a line; the line's project decides access (common/project-access.ts):
// viewing and verifying need the monitoring permission, deploying and keys need line.manage.
import { MonitoringErrorCode, type Action, type Actor } from '@sightline/domain';
import { AppError } from '../../common/app-error';
import { requireProjectAccess } from '../../common/project-access';
import type { Executor } from '../../common/tx';
import { MonitoringRepository } from './monitoring.repository';

export class LineAccess {
  constructor(private readonly db: Executor) {}

  async require(actor: Actor, lineId: number, action: Action = 'project.monitor', db: Executor = this.db) {
    const line = await new MonitoringRepository(db).line(lineId);
    if (!line) throw new AppError(MonitoringErrorCode.LineNotFound, 404, {}, 'line_id');
    const facts = await requireProjectAccess(db, actor, line.projectId, action, 'line_id');
    return { line, facts };
  }
}
