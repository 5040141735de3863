// Deploying a trained model to a line and rolling back (SPEC §3 Model history): the model files are
// copied to deployments/<uuid>/model/ (a deployment survives its learning's deletion), the previous
// deployment ends, and every deployment stays in the line's history.
import { randomUUID } from 'node:crypto';
import {
  LearningErrorCode,
  MonitoringErrorCode,
  type Actor,
  type DeployCreate,
  type Deployment,
} from '@sightline/domain';
import type { Db } from '@sightline/db';
import { readBuffer, type Storage } from '@sightline/storage';
import { AppError } from '../../common/app-error';
import { recordAudit } from '../history/audit';
import { mapUniqueViolation } from '../../common/unique-violation';
import type { LineAccess } from './line-access';
import { mapDeployment } from './monitoring.mapper';
import { MonitoringRepository } from './monitoring.repository';

export class DeploymentService {
  constructor(
    private readonly db: Db,
    private readonly repo: MonitoringRepository,
    private readonly access: LineAccess,
    private readonly storage: Storage,
    private readonly activeCache: { clear(): void } = { clear: () => {} },
  ) {}

  async history(actor: Actor, lineId: number): Promise<Deployment[]> {
    const { line } = await this.access.require(actor, lineId);
    const rows = await this.repo.deployments(lineId);
    return rows.map((r) => mapDeployment(r, line.code, r.inference, r.deployedByName));
  }

  async detail(actor: Actor, id: number): Promise<Deployment> {
    const d = await this.repo.deployment(id);
    if (!d) throw AppError.notFound('id');
    const { line } = await this.access.require(actor, d.lineId);
    const stats = await this.repo.inferenceStats([id]);
    return mapDeployment(d, line.code, stats.get(id) ?? { count: 0, last: null, verified: 0, agreed: 0 });
  }

  async active(actor: Actor, lineId: number): Promise<Deployment | null> {
    const { line } = await this.access.require(actor, lineId);
    const d = await this.repo.activeDeployment(lineId);
    if (!d) return null;
    const stats = await this.repo.inferenceStats([d.id]);
    return mapDeployment(d, line.code, stats.get(d.id) ?? { count: 0, last: null, verified: 0, agreed: 0 });
  }

  async deploy(actor: Actor, input: DeployCreate): Promise<Deployment> {
    const { line, facts } = await this.access.require(actor, input.line_id, 'line.manage');
    if (input.period_start && input.period_end && input.period_start > input.period_end)
      throw AppError.validation('period_end', MonitoringErrorCode.PeriodInvalid);
    const l = await this.repo.learning(input.model_id);
    if (!l || l.projectId !== line.projectId)
      throw new AppError(LearningErrorCode.LearningNotFound, 404, {}, 'model_id');
    if (l.status !== 'done' || !l.modelPrefix)
      throw new AppError(MonitoringErrorCode.ModelNotDeployable, 409, {}, 'model_id');
    const modelPrefix = await this.copyModel(l.modelPrefix);
    const trainCount = await this.repo.datasetImageCount(l.datasetId);
    const row = await this.db.transaction(async (tx) => {
      const repo = new MonitoringRepository(tx);
      await repo.endActive(line.id);
      const d = await repo
        .insertDeployment({
          lineId: line.id,
          projectId: line.projectId,
          learningId: l.id,
          modelName: l.name,
          task: l.task,
          algorithm: l.algorithmName || l.engineKey,
          modelPrefix,
          classes: l.classes,
          threshold: input.threshold,
          periodStart: input.period_start ?? null,
          periodEnd: input.period_end ?? null,
          trainDate: l.finishedAt,
          trainPerformance: l.metrics,
          trainCount,
          description: input.description,
          deployedBy: actor.id,
        })
        .catch((e) => mapUniqueViolation(e, ['line_deployments_one_active'], 'CONFLICT', 'line_id'));
      await recordAudit(tx, actor, {
        action: 'line.deploy',
        entityType: 'line',
        entityId: line.id,
        companyId: facts.companyId,
        after: { deploymentId: d.id, learningId: l.id, threshold: input.threshold },
      });
      return d;
    });
    this.activeCache.clear();
    return mapDeployment(row, line.code, { count: 0, last: null, verified: 0, agreed: 0 });
  }

  /** A new deployment of the model deployed before the active one (the rollback is in the history too). */
  async rollback(actor: Actor, lineId: number): Promise<Deployment> {
    const { line, facts } = await this.access.require(actor, lineId, 'line.manage');
    const history = await this.repo.deployments(lineId);
    // History is newest first: the entry after the active one is the model it replaced.
    const at = history.findIndex((d) => d.active);
    const current = at >= 0 ? history[at] : undefined;
    const previous = history[at + 1];
    if (!previous) throw new AppError(MonitoringErrorCode.NoPreviousDeployment, 409, {}, 'line_id');
    const row = await this.db.transaction(async (tx) => {
      const repo = new MonitoringRepository(tx);
      await repo.endActive(lineId);
      const { id: _id, deployedAt: _at, endedAt: _end, active: _a, reference: _r, ...copy } = previous;
      const d = await repo.insertDeployment({
        ...copy,
        deployedBy: actor.id,
        description: `rollback → #${previous.id}${previous.description ? ` (${previous.description})` : ''}`,
      });
      await recordAudit(tx, actor, {
        action: 'line.rollback',
        entityType: 'line',
        entityId: lineId,
        companyId: facts.companyId,
        before: { deploymentId: current?.id ?? null },
        after: { deploymentId: d.id, from: previous.id },
      });
      return d;
    });
    this.activeCache.clear();
    return mapDeployment(row, line.code, { count: 0, last: null, verified: 0, agreed: 0 });
  }

  /** Copies a learning's inference files (not the relearning checkpoint) to their own prefix. */
  private async copyModel(from: string): Promise<string> {
    const src = from.endsWith('/') ? from : `${from}/`;
    const dest = `deployments/${randomUUID()}/model`;
    let files = 0;
    for await (const key of this.storage.list(src)) {
      const name = key.slice(src.length);
      if (!name || name.includes('/') || name.endsWith('.pt')) continue;
      const data = await readBuffer(this.storage, key);
      if (!data) continue;
      await this.storage.put(`${dest}/${name}`, data);
      files++;
    }
    if (!files) throw new AppError(MonitoringErrorCode.ModelNotDeployable, 409, {}, 'model_id');
    return dest;
  }
}
