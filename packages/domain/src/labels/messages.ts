// ko/en texts of the label import/export, augmentation and AI labeling codes (SPEC §5, §8).
import type { MessageCatalogue } from '../errors/catalogue';

export const LABEL_ERROR_MESSAGES: MessageCatalogue = {
  LABEL_TYPE_REQUIRED: {
    ko: '라벨링 형식(YOLO, Pascal VOC, COCO)을 선택해 주세요.',
    en: 'Choose the labeling type (YOLO, Pascal VOC or COCO).',
  },
  EXTERNAL_IMAGE_EXTENSION: {
    ko: '이미지는 .png, .jpg 파일만 업로드할 수 있습니다. ({file})',
    en: 'Only .png and .jpg images are allowed. ({file})',
  },
  EXTERNAL_IMAGES_REQUIRED: { ko: '이미지 파일을 올려 주세요.', en: 'Please add the image files.' },
  BBOX_NAME_DUPLICATE: {
    ko: '중복된 bbox 파일명입니다. ({file})',
    en: 'Duplicate bbox file names. ({file})',
  },
  BBOX_NAME_MISMATCH: {
    ko: 'bbox 파일명이 이미지 파일명과 일치하지 않습니다. ({file})',
    en: 'Bbox name mismatch: it does not match an image name. ({file})',
  },
  BBOX_EXTENSION_MISMATCH: {
    ko: '선택한 라벨링 형식의 확장자({ext})가 아닙니다. ({file})',
    en: 'Extension mismatch: the chosen labeling type needs {ext}. ({file})',
  },
  CLASS_FILE_EXTENSION: {
    ko: '클래스 파일은 .txt 파일이어야 합니다. ({file})',
    en: 'The class file must be a .txt file. ({file})',
  },
  CLASS_FILE_REQUIRED: { ko: '클래스 파일(.txt)을 올려 주세요.', en: 'Please add the class file (.txt).' },
  LABEL_FILE_UNREADABLE: {
    ko: '라벨 파일을 읽을 수 없습니다. ({file})',
    en: 'The label file cannot be read. ({file})',
  },
  EXPORT_FORMAT_INVALID: {
    ko: '이 데이터셋 유형으로 내보낼 수 없는 형식입니다.',
    en: 'This dataset type cannot be exported in that format.',
  },
  AUGMENTATION_NO_OPERATION: {
    ko: '증강 방법을 하나 이상 선택해 주세요.',
    en: 'Choose at least one augmentation operation.',
  },
  AUGMENTATION_OUT_OF_RANGE: {
    ko: '{name} 값은 {min}~{max} 사이여야 합니다.',
    en: '{name} must be between {min} and {max}.',
  },
  AUGMENTATION_ALGORITHM_INVALID: {
    ko: '데이터 증강 알고리즘을 선택해 주세요.',
    en: 'Choose a data augmentation algorithm.',
  },
  AI_LABELING_TOO_FEW_LABELED: {
    ko: 'AI 라벨링은 수동으로 라벨링된 이미지가 최소 {min}장 필요합니다. (현재 {count}장)',
    en: 'AI labeling needs at least {min} manually labeled images. ({count} now)',
  },
  AI_LABELING_MODEL_REQUIRED: {
    ko: 'AI 라벨링에 사용할 학습 모델을 선택해 주세요.',
    en: 'Choose the trained model for AI labeling.',
  },
  AI_LABELING_MODEL_MISMATCH: {
    ko: '선택한 모델의 작업 유형 또는 클래스가 데이터셋과 맞지 않습니다.',
    en: 'The chosen model does not match the dataset (work type or classes).',
  },
  UNSUPERVISED_CLASS_COUNT: {
    ko: '비지도 라벨링의 클래스 수는 2~34 사이의 정수여야 합니다.',
    en: 'The number of unsupervised classes must be a whole number from 2 to 34.',
  },
  UNSUPERVISED_TOO_FEW_IMAGES: {
    ko: '{k}개 클래스로 나누려면 이미지가 최소 {k}장 필요합니다.',
    en: 'Grouping into {k} classes needs at least {k} images.',
  },
  PROPOSAL_NOT_FOUND: {
    ko: 'AI 라벨링 제안을 찾을 수 없습니다.',
    en: 'The AI labeling proposal was not found.',
  },
};
