// Vision engine (packages/vision, packages/trainer): training, evaluation and inference failures. Every
// code the engine can report has a text here (packages/vision/test/error-codes.test.ts checks it).
import type { MessageCatalogue } from './catalogue';

export const VISION_ERROR_MESSAGES: MessageCatalogue = {
  PARAM_INVALID: {
    ko: '알고리즘 파라미터 값이 올바르지 않습니다.',
    en: 'An algorithm parameter value is not valid.',
  },
  DATA_EMPTY: { ko: '데이터셋에 이미지가 없습니다.', en: 'The dataset has no images.' },
  DATA_SINGLE_CLASS: {
    ko: '분류 학습에는 2개 이상의 클래스에 이미지가 필요합니다.',
    en: 'Classification needs images in at least 2 classes.',
  },
  DATA_EMPTY_CLASS: {
    ko: '이미지가 없는 클래스가 있습니다: {classes}',
    en: 'Some classes have no images: {classes}',
  },
  DATA_CORRUPT_FILE: { ko: '읽을 수 없는 이미지 파일이 있습니다.', en: 'An image file cannot be read.' },
  DATA_MIXED_CHANNELS: {
    ko: '흑백 이미지와 컬러 이미지가 섞여 있습니다. 흑백 입력으로 학습하거나 이미지를 변환해 주세요.',
    en: 'Grayscale and colour images are mixed. Train with grayscale input or convert the images.',
  },
  REGION_TOO_MANY: {
    ko: '타겟 영역은 최대 10개까지 지정할 수 있습니다.',
    en: 'At most 10 target regions are allowed.',
  },
  REGION_SIZE_MISMATCH: {
    ko: '타겟 영역으로 학습하려면 데이터셋의 모든 이미지 크기(가로, 세로)가 같아야 합니다.',
    en: 'Training with a target region requires all images in the dataset to have the same width and height.',
  },
  REGION_OUT_OF_BOUNDS: {
    ko: '타겟 영역이 이미지 밖에 있습니다.',
    en: 'A target region lies outside the image.',
  },
  MODEL_DEGENERATE: {
    ko: '학습은 끝났지만 모델이 아무것도 배우지 못했습니다(검증 지표가 무작위 수준입니다: 결함을 전혀 찾지 못하거나 모든 이미지를 한 클래스로 예측). 라벨을 확인하거나 데이터를 늘리고 다시 학습해 주세요.',
    en: 'Training finished but the model learned nothing (its validation metric is at chance level: it finds no defects or predicts one class for everything). Check the labels or add data, then train again.',
  },
  LOSS_DIVERGED: {
    ko: '학습이 발산했습니다(손실 값 이상). 학습률을 낮추거나 라벨을 확인해 주세요.',
    en: 'Training diverged (invalid loss). Lower the learning rate or check the labels.',
  },
  WEIGHTS_MISMATCH: {
    ko: '가중치 파일이 이 알고리즘의 네트워크 구조와 맞지 않습니다.',
    en: 'The weights file does not fit this network.',
  },
  TRAINER_UNAVAILABLE: {
    ko: '학습 엔진(PyTorch)이 설치되어 있지 않습니다. 관리자에게 문의해 주세요.',
    en: 'The training engine (PyTorch) is not installed. Please contact the administrator.',
  },
  CANCELLED: { ko: '작업이 취소되었습니다.', en: 'The job was cancelled.' },
  DATA_CHANNELS: {
    ko: '지원하지 않는 픽셀 형식의 이미지가 있습니다.',
    en: 'An image has a pixel format that is not supported.',
  },
  DATA_FORMAT: {
    ko: '데이터 폴더 구성이나 라벨 파일 형식이 올바르지 않습니다.',
    en: 'The data folder layout or a label file is not valid.',
  },
  DATA_MASK_SIZE: {
    ko: '마스크 크기가 이미지 크기와 다릅니다.',
    en: 'A mask does not have the size of its image.',
  },
  DATA_NO_CLASSES: {
    ko: '클래스가 없습니다. 클래스를 먼저 등록해 주세요.',
    en: 'There are no classes. Please add classes first.',
  },
  DATA_TOO_SMALL: {
    ko: '이미지가 너무 적어 검증용 이미지를 나눌 수 없습니다. 이미지를 더 추가해 주세요.',
    en: 'Too few images to hold out a validation split. Please add more images.',
  },
  DATA_UNLABELLED: { ko: '라벨이 없는 이미지가 있습니다.', en: 'Some images have no label.' },
  DATA_DUPLICATE_CLASS: { ko: '중복된 클래스 이름입니다.', en: 'Duplicate class name.' },
  DATA_TOO_MANY_CLASSES: { ko: '클래스는 최대 34개까지 등록할 수 있습니다.', en: 'Class limit of 34.' },
  DATA_NO_OK_IMAGES: {
    ko: '이상 탐지 학습에는 정상(OK) 이미지가 필요합니다.',
    en: 'Anomaly detection trains on OK images and none were given.',
  },
  ALGORITHM_NOT_FOUND: {
    ko: '이 작업에 사용할 수 있는 알고리즘이 아닙니다.',
    en: 'This algorithm cannot be used for this task.',
  },
  BAD_CONFIG: { ko: '학습 설정이 올바르지 않습니다.', en: 'The training settings are not valid.' },
  TRAINING_EMPTY: { ko: '학습된 에포크가 없습니다.', en: 'No epoch was trained.' },
  MODEL_NOT_FINITE: {
    ko: '학습된 모델이 올바르지 않은 값(NaN)을 출력합니다. 학습률을 낮춰 다시 학습해 주세요.',
    en: 'The trained model produces invalid values (NaN). Lower the learning rate and train again.',
  },
  MODEL_NOT_FOUND: { ko: '모델 파일을 찾을 수 없습니다.', en: 'The model files were not found.' },
  MODEL_INVALID: {
    ko: '모델 파일이 손상되었거나 올바르지 않습니다.',
    en: 'The model files are damaged or not valid.',
  },
  TASK_MISMATCH: {
    ko: '모델과 데이터의 작업 유형이 다릅니다.',
    en: 'The model and the data are of different task types.',
  },
  CLASS_MISMATCH: {
    ko: '데이터의 클래스가 모델의 클래스와 다릅니다.',
    en: "The data's classes differ from the model's.",
  },
  RELEARN_MISMATCH: {
    ko: '이전 모델과 구조나 클래스가 달라 이어서 학습할 수 없습니다.',
    en: 'The previous model has a different structure or classes, so training cannot continue from it.',
  },
  WEIGHTS_UNREADABLE: { ko: '가중치 파일을 읽을 수 없습니다.', en: 'The weights file cannot be read.' },
  OUT_OF_MEMORY: {
    ko: '학습 중 메모리가 부족합니다. 입력 크기나 배치 크기를 줄여 주세요.',
    en: 'Training ran out of memory. Lower the input size or the batch size.',
  },
  TRAINER_CRASHED: {
    ko: '학습 엔진이 예기치 않게 종료되었습니다.',
    en: 'The training engine stopped unexpectedly.',
  },
};
