// Builds the monitoring services once per app: one repository, the line access check, the inference
// pool (models per deployment + micro-batchers) and the LISTEN connection for live line status.
import { join } from 'node:path';
import type { AppDeps } from '../../app-deps';
import { DeploymentService } from './deployment.service';
import { EdgeService } from './edge.service';
import { InferencePool } from './inference-pool';
import { InspectionService } from './inspection.service';
import { Ttl } from './hot-path';
import { LineAccess } from './line-access';
import { LineKeyService } from './line-key.service';
import { MonitoringRepository } from './monitoring.repository';
import { PredictionRenderer } from './prediction-renderer';
import { RelearningService } from './relearning.service';
import { ReportService } from './report.service';
import { VerificationService } from './verification.service';

export interface MonitoringServices {
  repo: MonitoringRepository;
  deployments: DeploymentService;
  keys: LineKeyService;
  inspections: InspectionService;
  edge: EdgeService;
  reports: ReportService;
  verification: VerificationService;
  relearning: RelearningService;
  pool: InferencePool;
  renderer: PredictionRenderer;
  close(): Promise<void>;
}

const built = new WeakMap<AppDeps, MonitoringServices>();

export function createMonitoringServices(deps: AppDeps): MonitoringServices {
  const cached = built.get(deps);
  if (cached) return cached;
  const db = deps.database.db;
  const repo = new MonitoringRepository(db);
  const access = new LineAccess(db);
  const pool = new InferencePool(deps.storage, join(deps.config.dataDir, 'cache', 'monitoring'));
  const renderer = new PredictionRenderer(deps.storage);
  const active = new Ttl((lineId: number) => repo.activeDeployment(lineId));
  const services: MonitoringServices = {
    repo,
    deployments: new DeploymentService(db, repo, access, deps.storage, active),
    keys: new LineKeyService(repo, access),
    inspections: new InspectionService(repo, access, deps.storage, deps.media, pool, renderer, active),
    edge: new EdgeService(repo, deps.storage, renderer),
    reports: new ReportService(repo, access, deps.media),
    verification: new VerificationService(db, repo, access),
    relearning: new RelearningService(db, repo, access, deps.storage),
    pool,
    renderer,
    close: async () => {
      await renderer.close();
      await pool.close();
    },
  };
  built.set(deps, services);
  return services;
}
