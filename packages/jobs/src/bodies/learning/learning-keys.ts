// Storage keys of a learning's files, apart from the job body so the server can use them without
// loading the vision engine.
import { assertKey } from '@sightline/storage';

/** Storage keys of a learning's files: the model (after done) and the last epoch checkpoint (while it runs). */
export const learningKeys = (id: number) => ({
  prefix: `learnings/${id}/model/`,
  file: (name: string) => assertKey(`learnings/${id}/model/${name}`),
  checkpoint: assertKey(`learnings/${id}/checkpoint.pt`),
});
