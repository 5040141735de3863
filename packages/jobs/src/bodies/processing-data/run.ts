// processing.data: runs one augmentation, AI labeling or external labeling import work into its result
// dataset, by the work's kind.
import { eq } from 'drizzle-orm';
import { processingWorks, type Db } from '@sightline/db';
import type { Storage } from '@sightline/storage';
import type { group } from '@sightline/vision';
import { runSupervised, runUnsupervised } from './ai-label';
import { runAugmentation } from './augment';
import { runExternal } from './external';
import { followWork } from './work';

export interface ProcessingDataInput {
  db: Db;
  storage: Storage;
  workId: number;
  workDir: string;
  cacheDir: string;
  progress(pct: number, message?: string): Promise<void>;
  signal?: AbortSignal;
  groupImages?: typeof group;
}

export const DATA_KINDS = ['augmentation', 'ai_supervised', 'ai_unsupervised', 'external'] as const;

export async function runProcessingData(input: ProcessingDataInput): Promise<Record<string, unknown>> {
  const [work] = await input.db
    .select({ kind: processingWorks.kind })
    .from(processingWorks)
    .where(eq(processingWorks.id, input.workId));
  if (!work) throw new Error(`processing work ${input.workId} no longer exists`);
  return followWork(input.db, input.workId, () => {
    switch (work.kind) {
      case 'augmentation':
        return runAugmentation(input);
      case 'ai_unsupervised':
        return runUnsupervised(input);
      case 'ai_supervised':
        return runSupervised(input);
      case 'external':
        return runExternal(input);
      default:
        throw new Error(`processing.data does not run ${work.kind} works`);
    }
  });
}
