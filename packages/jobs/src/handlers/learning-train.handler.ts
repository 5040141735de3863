// learning.train: trains one learnings row's model through packages/vision (bodies/learning/train-learning.ts).
import { defineHandler } from '../handler';
import { runLearningTrain } from '../bodies/learning/train-learning';

export default defineHandler('learning.train', runLearningTrain);
