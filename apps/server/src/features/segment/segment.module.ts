// Builds the click-segmentation services: the model pairs and embeddings (SegmentService) and a
// project's refinement (SegmentRefineService, segment.refine jobs).
import { JobService } from '@sightline/jobs';
import type { AppDeps } from '../../app-deps';
import { ProjectAccess } from '../../common/project-access';
import { SegmentRefineService } from './segment-refine.service';
import { SegmentRepository } from './segment.repository';
import { SegmentService } from './segment.service';

export function createSegmentServices(deps: AppDeps) {
  const { db } = deps.database;
  const segment = new SegmentService(db, deps.storage, deps.config.webDist);
  const refine = new SegmentRefineService(
    new SegmentRepository(db),
    new ProjectAccess(db, { action: 'project.train', field: 'id' }),
    segment,
    deps.storage,
    new JobService(deps.database, deps.queue),
    deps.config.segmentRefine,
  );
  return { segment, refine };
}
