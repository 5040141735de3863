// Click segmentation for the canvas: none until a model is available (see ../segment/).
import { useEffect } from 'react';
import type { DatasetImage } from '@sightline/domain';
import type { AnnotationCanvas } from '../canvas/canvas';

export function useSegmenter(
  canvas: AnnotationCanvas | null,
  _datasetId: number,
  _image: DatasetImage | null,
): void {
  useEffect(() => {
    canvas?.setSegmenter(null);
  }, [canvas]);
}
