// ko/en texts of the monitoring codes (monitoring/codes.ts), SPEC §5 and §8.
import {
  INSPECTION_THRESHOLD as T,
  LINE_REPORT_MAX_DAYS,
  SAMPLING_COUNT as N,
  SAMPLING_RATE as R,
} from '../constants';
import type { MessageCatalogue } from './catalogue';
import { INSPECTION_BATCH_MAX } from '../monitoring/rules';

export const MONITORING_ERROR_MESSAGES: MessageCatalogue = {
  LINE_NOT_FOUND: { ko: '라인을 찾을 수 없습니다.', en: 'The line was not found.' },
  LINE_KEY_REQUIRED: {
    ko: '라인 API 키가 필요합니다. (x-line-key 헤더)',
    en: 'A line API key is required (x-line-key header).',
  },
  LINE_KEY_INVALID: {
    ko: '라인 API 키가 올바르지 않거나 폐기되었습니다.',
    en: 'The line API key is wrong or has been revoked.',
  },
  LINE_KEY_OTHER_LINE: {
    ko: '이 API 키는 다른 라인의 키입니다.',
    en: 'This API key belongs to another line.',
  },
  NO_DEPLOYMENT: {
    ko: '이 라인에 배포된 모델이 없습니다.',
    en: 'No model is deployed to this line.',
  },
  MODEL_NOT_DEPLOYABLE: {
    ko: '학습이 완료되고 모델 파일이 있는 모델만 배포할 수 있습니다.',
    en: 'Only a model whose training is done and whose files are stored can be deployed.',
  },
  NO_PREVIOUS_DEPLOYMENT: {
    ko: '되돌릴 이전 모델이 없습니다.',
    en: 'There is no previous model to roll back to.',
  },
  THRESHOLD_RANGE: {
    ko: `검사 임계값은 ${T.min}에서 ${T.max} 사이로 입력해 주세요.`,
    en: `Please enter an inspection threshold from ${T.min} to ${T.max}.`,
  },
  SAMPLING_RATE_RANGE: {
    ko: `샘플링 비율은 ${R.min}에서 ${R.max} 사이로 입력해 주세요.`,
    en: `Please enter a sampling rate from ${R.min} to ${R.max}.`,
  },
  SAMPLING_COUNT_RANGE: {
    ko: `샘플링 개수는 ${N.min}에서 ${N.max} 사이로 입력해 주세요.`,
    en: `Please enter a sampling count from ${N.min} to ${N.max}.`,
  },
  PERIOD_INVALID: {
    ko: '기간의 시작은 끝보다 앞서야 합니다.',
    en: 'The start of the period must come before its end.',
  },
  REPORT_RANGE_TOO_LONG: {
    ko: `라인 리포트는 최대 ${LINE_REPORT_MAX_DAYS}일까지 조회할 수 있습니다.`,
    en: `A line report covers at most ${LINE_REPORT_MAX_DAYS} days.`,
  },
  SERIAL_REQUIRED: { ko: '시리얼 번호를 입력해 주세요.', en: 'Please enter a serial number.' },
  REPORT_NO_MATCH: {
    ko: '문자열과 일치하는 제품이 없습니다. 시리얼 번호를 입력해 주세요.',
    en: 'No product matches the string. Please enter a serial number.',
  },
  IMAGE_REQUIRED: { ko: '검사할 이미지를 보내 주세요.', en: 'Please send an image to inspect.' },
  IMAGE_INVALID: {
    ko: '이미지를 읽을 수 없습니다. (JPEG, PNG, BMP, TIFF, WebP)',
    en: 'The image cannot be read (JPEG, PNG, BMP, TIFF, WebP).',
  },
  BATCH_TOO_LARGE: {
    ko: `한 번에 최대 ${INSPECTION_BATCH_MAX}장까지 검사할 수 있습니다.`,
    en: `At most ${INSPECTION_BATCH_MAX} images can be inspected in one request.`,
  },
  SERIAL_COUNT_MISMATCH: {
    ko: '이미지마다 시리얼 번호가 하나씩 필요합니다.',
    en: 'Each image needs its own serial number.',
  },
  INSPECTION_NOT_FOUND: { ko: '검사 결과를 찾을 수 없습니다.', en: 'The inspection was not found.' },
  NOT_SAMPLED: {
    ko: '샘플링된 검사만 검증할 수 있습니다.',
    en: 'Only sampled inspections can be verified.',
  },
  NO_CORRECTIONS: {
    ko: '재학습에 사용할 수정된 판정이 없습니다.',
    en: 'There are no corrected judgements to relearn from.',
  },
};
