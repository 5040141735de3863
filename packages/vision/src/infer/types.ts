// What a prediction looks like for each task (coordinates are always original image pixels).
export interface ClassScore {
  classIndex: number;
  className: string;
  ok: boolean;
  score: number;
}

export interface CfPrediction {
  task: 'cf';
  classIndex: number;
  className: string;
  ok: boolean;
  score: number;
  scores: number[];
}

export interface Detection {
  classIndex: number;
  className: string;
  score: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface OdPrediction {
  task: 'od';
  detections: Detection[];
}

export interface SgRegion {
  classIndex: number;
  className: string;
  area: number;
  /** Outer boundary, [x, y] points in original pixels. */
  polygon: [number, number][];
}

export interface SgPrediction {
  task: 'sg';
  /** Per-pixel class (0 = background, k = classes[k-1]) at original resolution, row-major. */
  labelMap: Uint8Array;
  width: number;
  height: number;
  regions: SgRegion[];
}

export interface AdPrediction {
  task: 'ad';
  score: number;
  anomalous: boolean;
  threshold: number;
  /** Heatmap 0..1 at the model's input size per crop (one crop unless target regions are set). */
  heatmaps: { rect: [number, number, number, number]; size: number; data: Float32Array }[];
}

export type Prediction = CfPrediction | OdPrediction | SgPrediction | AdPrediction;

export interface PredictOptions {
  /** Inference parameters of the model's algorithm (validated against the declarations). */
  params?: Record<string, number>;
}
