// segment.refine: refines the default click-segmentation pair on a project's sg masks (bodies/segment-refine.ts).
// The body is imported when a job arrives: the vision engine stays out of worker start-up.
import { defineHandler } from '../handler';

export default defineHandler('segment.refine', async (ctx) => {
  const { runSegmentRefineJob } = await import('../bodies/segment-refine');
  return runSegmentRefineJob(ctx);
});
