// The judgement (OK/NG, class, score, boxes/regions/anomaly score) and the drift statistics live in
// packages/vision (line-judge.ts), shared with the edge runner, so a line judges an image the same way on
// either side. The prediction image is drawn in prediction-image.ts.
import { deploymentParams, imageStats, judgeLine } from '@sightline/vision';

export { deploymentParams, imageStats, judgeLine as judge };
