// Queries of click segmentation: how many distinct sg images of a project carry a mask (what a
// refinement trains on), and the project's latest refinement job.
import { and, countDistinct, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { datasetImages, datasets, imageObjects, jobs, type Db } from '@sightline/db';

export class SegmentRepository {
  constructor(private readonly db: Db) {}

  /** Distinct images (by content) of the project's sg datasets with a classed object that is not an eraser. */
  async countMaskedImages(projectId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: countDistinct(datasetImages.sha256) })
      .from(imageObjects)
      .innerJoin(datasetImages, eq(datasetImages.id, imageObjects.imageId))
      .innerJoin(datasets, eq(datasets.id, datasetImages.datasetId))
      .where(
        and(
          eq(datasets.projectId, projectId),
          eq(datasets.type, 'sg'),
          isNotNull(imageObjects.classId),
          ne(imageObjects.kind, 'eraser'),
        ),
      );
    return Number(row?.n ?? 0);
  }

  async latestRefineJob(projectId: number) {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, 'segment.refine')))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    return row ?? null;
  }
}
