// ko/en texts of the learning, evaluation and compare codes (learning/codes.ts), SPEC §5 and §8.
import type { MessageCatalogue } from './catalogue';

export const LEARNING_ERROR_MESSAGES: MessageCatalogue = {
  MODEL_NAME_REQUIRED: { ko: '모델 이름을 입력해 주세요.', en: 'Please enter a model name.' },
  MODEL_NAME_INVALID: {
    ko: "모델 이름에는 영문, 숫자, '-', '_'만 사용할 수 있으며 최대 {max}자입니다.",
    en: "A model name may use only letters, digits, '-' and '_', at most {max} characters.",
  },
  MODEL_NAME_EXISTS: { ko: '이미 존재하는 모델 이름입니다.', en: 'Model name already exists.' },
  LEARNING_NOT_FOUND: { ko: '학습을 찾을 수 없습니다.', en: 'The training was not found.' },
  CONCURRENT_TRAINING_LIMIT: {
    ko: '사용자당 동시 학습은 최대 {max}개까지 가능합니다.',
    en: 'Concurrent training limit of {max} per user reached.',
  },
  LEARNING_COUNT_LIMIT: {
    ko: '학습 횟수 제한에 도달했습니다. (최대 {max}회)',
    en: 'Learning count limit reached. (At most {max})',
  },
  LEARNING_NOT_CANCELABLE: {
    ko: '현재 상태({status})에서는 학습을 취소할 수 없습니다.',
    en: 'Training cannot be canceled because of its status ({status}).',
  },
  LEARNING_DELETE_IN_PROGRESS: {
    ko: '진행 중인 학습은 삭제할 수 없습니다.',
    en: 'A training in progress cannot be deleted.',
  },
  LEARNING_NOT_DONE: {
    ko: '학습이 완료된 모델만 사용할 수 있습니다.',
    en: 'Only a model whose training is done can be used.',
  },
  ALGORITHM_REQUIRED: { ko: '알고리즘을 선택해 주세요.', en: 'Please choose an algorithm.' },
  ALGORITHM_NOT_AVAILABLE: {
    ko: '이 프로젝트에서 사용할 수 없는 학습 알고리즘입니다.',
    en: 'This training algorithm is not available in the project.',
  },
  ALGORITHM_TASK_MISMATCH: {
    ko: '데이터셋 유형({type})에 맞지 않는 알고리즘입니다.',
    en: 'The algorithm does not fit the dataset type ({type}).',
  },
  TRAIN_PARAM_INVALID: {
    ko: '파라미터 {key}의 값은 {min} 이상 {max} 이하여야 합니다.',
    en: 'Parameter {key} must lie between {min} and {max}.',
  },
  TRAIN_PARAM_INVALID_AUTO: {
    ko: '파라미터 {key}의 값은 0(자동)이거나 {min} 이상 {max} 이하여야 합니다.',
    en: 'Parameter {key} must be 0 (auto) or lie between {min} and {max}.',
  },
  TRAIN_PARAM_UNKNOWN: {
    ko: '알고리즘에 없는 파라미터입니다: {key}',
    en: 'The algorithm has no parameter {key}.',
  },
  TARGET_REGION_LIMIT: {
    ko: '대상 영역은 최대 10개까지 지정할 수 있습니다.',
    en: 'Target region limit of 10.',
  },
  TARGET_REGION_SAME_SIZE: {
    ko: '대상 영역으로 학습하려면 데이터셋의 모든 이미지 크기(가로, 세로)가 같아야 합니다.',
    en: 'Training with a target region requires all images in the dataset to have the same width and height.',
  },
  TARGET_REGION_INVALID: {
    ko: '대상 영역이 이미지 밖에 있거나 크기가 0입니다.',
    en: 'A target region lies outside the image or is empty.',
  },
  OK_CLASS_REQUIRED: {
    ko: 'OK 클래스를 하나 이상, NG 클래스를 하나 이상 지정해 주세요.',
    en: 'Check at least one class as OK and one as not OK.',
  },
  DATASET_PURPOSE_MISMATCH: {
    ko: "이 작업에는 용도가 '{purpose}'인 데이터셋이 필요합니다.",
    en: "This work needs a dataset of purpose '{purpose}'.",
  },
  RELEARN_CLASS_MISMATCH: {
    ko: '재학습 데이터의 클래스가 기존 모델과 같아야 합니다.',
    en: 'Relearning needs the same classes as the previous model.',
  },
  EVALUATION_NOT_FOUND: {
    ko: '성능 평가를 찾을 수 없습니다.',
    en: 'The performance evaluation was not found.',
  },
  EVALUATION_NOT_CANCELABLE: {
    ko: '현재 상태({status})에서는 성능 평가를 취소할 수 없습니다.',
    en: 'The performance evaluation cannot be canceled because of its status ({status}).',
  },
  EVALUATION_DELETE_IN_PROGRESS: {
    ko: '진행 중인 성능 평가는 삭제할 수 없습니다.',
    en: 'A performance evaluation in progress cannot be deleted.',
  },
  EVALUATION_TASK_MISMATCH: {
    ko: '모델({task})과 데이터셋({type})의 유형이 맞지 않습니다.',
    en: 'The model ({task}) and the dataset ({type}) are of different types.',
  },
  COMPARE_NOT_FOUND: { ko: '비교 평가를 찾을 수 없습니다.', en: 'The comparison was not found.' },
  COMPARE_MODEL_COUNT: {
    ko: '비교할 모델을 {min}개 이상 {max}개 이하로 선택해 주세요.',
    en: 'Choose {min} to {max} models to compare.',
  },
  CLASS_INFO_MISMATCH: {
    ko: '클래스 정보(순서, 이름, OK 여부)가 일치하지 않습니다.',
    en: 'Class info does not match (order, name, OK flag).',
  },
  TRIAL_NO_COMPARE: {
    ko: '체험 계정은 비교 평가를 사용할 수 없습니다.',
    en: 'A trial account cannot use comparison evaluation.',
  },
};
