// The engine's normalised dataset: what every folder format is read into and what the trainer gets.
import type { VisionTask } from '@sightline/domain';

export interface DatasetClass {
  name: string;
  ok: boolean;
}

/** A target region in original image pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Box in original image pixels: class index into `classes`, corners x1,y1 (inclusive) to x2,y2. */
export interface Box {
  classIndex: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface DataItem {
  path: string;
  /** cf: class index. */
  label?: number;
  /** od: ground-truth boxes. */
  boxes?: Box[];
  /** sg: one binary mask PNG per class present (white = class). */
  masks?: { classIndex: number; path: string }[];
  /** ad evaluation: true for a defect image; `maskPath` marks its defect pixels when known. */
  anomalous?: boolean;
  maskPath?: string;
}

export interface VisionDataset {
  task: VisionTask;
  classes: DatasetClass[];
  items: DataItem[];
  regions?: Region[];
}
