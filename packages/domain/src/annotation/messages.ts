// ko/en texts of the click-segmentation codes (SPEC §8: npy and onnx load errors; §7 model upload).
import type { Locale } from '../constants';
import type { SegmentErrorCodeValue } from './codes';

export const SEGMENT_ERROR_MESSAGES: Record<SegmentErrorCodeValue, Record<Locale, string>> = {
  SEGMENT_ONNX_LOAD: {
    ko: 'onnx 파일을 불러오지 못했습니다. 세그먼트 라벨링을 사용할 수 없습니다.',
    en: 'The onnx file could not be loaded: segment labeling is unavailable.',
  },
  SEGMENT_NPY_LOAD: {
    ko: 'npy 파일을 불러오지 못했습니다. 세그먼트 라벨링을 사용할 수 없습니다.',
    en: 'The npy file could not be loaded: segment labeling is unavailable.',
  },
  SEGMENT_MODEL_MISSING: {
    ko: '세그먼트 모델 파일이 없습니다. 세그먼트 라벨링을 사용할 수 없습니다.',
    en: 'No segmentation model files are installed: segment labeling is unavailable.',
  },
  SEGMENT_MODEL_FILES: {
    ko: '인코더와 디코더 onnx 파일을 모두 선택해 주세요.',
    en: 'Please choose both the encoder and the decoder .onnx file.',
  },
  SEGMENT_MODEL_SHAPE: {
    ko: '모델의 입력/출력 형식이 맞지 않습니다. ({detail})',
    en: 'The model inputs/outputs do not fit click segmentation ({detail}).',
  },
  SEGMENT_REFINE_TOO_FEW: {
    ko: '마스크가 있는 세그먼트 이미지가 {min}장 이상 필요합니다. (현재 {count}장)',
    en: 'At least {min} segmentation images with masks are needed ({count} now).',
  },
  SEGMENT_REFINE_FAILED: {
    ko: '클릭 세그먼트 모델 보정에 실패했습니다. 기본 모델을 계속 사용합니다.',
    en: 'Refining the click-segmentation model failed: the default model stays in use.',
  },
  SEGMENT_REFINE_NONE: {
    ko: '이 프로젝트에는 보정된 클릭 세그먼트 모델이 없습니다.',
    en: 'This project has no refined click-segmentation model.',
  },
};
