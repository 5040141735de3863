// learning.train: trains one learnings row's model through packages/vision (bodies/learning/train-learning.ts).
// The body is imported when a job arrives: the vision engine (onnxruntime, sharp) stays out of worker start-up.
import { defineHandler } from '../handler';

export default defineHandler('learning.train', async (ctx) => {
  const { runLearningTrain } = await import('../bodies/learning/train-learning');
  return runLearningTrain(ctx);
});
