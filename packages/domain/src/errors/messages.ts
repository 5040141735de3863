// Translated texts for API error codes. Feature areas add their codes here, ko first (default and fallback).
import type { Locale } from '../constants';
import { VISION_ERROR_MESSAGES } from './vision-messages';
import { LEARNING_ERROR_MESSAGES } from './learning-messages';
import { LABEL_ERROR_MESSAGES } from '../labels/messages';
import { PROCESSING_ERROR_MESSAGES } from '../processing/messages';
import { MONITORING_ERROR_MESSAGES } from './monitoring-messages';
import { NOTICE_ERROR_MESSAGES } from '../notice/messages';
import { SEGMENT_ERROR_MESSAGES } from '../annotation/messages';

export const ERROR_MESSAGES: Record<string, Record<Locale, string>> = {
  BAD_REQUEST: { ko: '잘못된 요청입니다.', en: 'The request is not valid.' },
  VALIDATION_FAILED: { ko: '입력값을 확인해 주세요.', en: 'Please check what you entered.' },
  UNAUTHORIZED: { ko: '로그인이 필요합니다.', en: 'Please log in.' },
  SESSION_EXPIRED: {
    ko: '세션이 만료되었습니다. 다시 로그인해 주세요.',
    en: 'The session has expired. Please log in again.',
  },
  INVALID_CREDENTIALS: {
    ko: '아이디 또는 비밀번호가 올바르지 않습니다.',
    en: 'The ID or password is not correct.',
  },
  ACCOUNT_LOCKED: {
    ko: '로그인 실패가 반복되어 계정이 잠시 잠겼습니다. {minutes}분 후 다시 시도해 주세요.',
    en: 'Too many failed logins: the account is locked for a while. Try again in {minutes} minutes.',
  },
  TOO_MANY_REQUESTS: {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests. Please try again shortly.',
  },
  ACCOUNT_EXPIRED: { ko: '체험 계정의 사용 기간이 만료되었습니다.', en: 'This trial account has expired.' },
  FORBIDDEN: { ko: '접근 권한이 없습니다.', en: 'You do not have access.' },
  NOT_FOUND: { ko: '찾을 수 없습니다.', en: 'Not found.' },
  CONFLICT: { ko: '이미 존재합니다.', en: 'It already exists.' },
  PROJECT_EXPIRED: {
    ko: '프로젝트 사용 기간이 만료되어 접근할 수 없습니다. 기간 연장은 고객센터로 문의해 주세요.',
    en: 'The project usage period has expired and it cannot be accessed. Please contact customer service for an extension.',
  },
  MAINTENANCE: { ko: '서비스 이용 불가 기간입니다.', en: 'This is a service unavailable period.' },
  PASSWORD_REQUIRED: { ko: '비밀번호를 입력해 주세요.', en: 'Please enter a password.' },
  PASSWORD_WEAK: {
    ko: '비밀번호는 영문, 숫자 조합 10자 이상 또는 영문, 숫자, 특수문자 조합 8자 이상이어야 합니다.',
    en: 'Use at least 10 letters and digits, or at least 8 letters, digits and special characters.',
  },
  PASSWORD_SAME_AS_OLD: {
    ko: '기존 비밀번호와 다른 비밀번호를 입력해 주세요.',
    en: 'The new password must differ from the old one.',
  },
  PASSWORD_MISMATCH: { ko: '비밀번호가 일치하지 않습니다.', en: 'The passwords do not match.' },
  PASSWORD_WRONG: { ko: '현재 비밀번호가 올바르지 않습니다.', en: 'The current password is not correct.' },
  INTERNAL: { ko: '서버 오류가 발생했습니다.', en: 'A server error occurred.' },
  INVALID_ENCODING: {
    ko: '요청 본문이 올바른 UTF-8이 아닙니다.',
    en: 'The request body is not valid UTF-8.',
  },
  DATABASE_UNAVAILABLE: {
    ko: '데이터베이스에 일시적으로 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The database is briefly unavailable. Please try again in a moment.',
  },
  // Tenancy and administration (companies, projects, lines, users, reset requests, algorithms).
  FIELD_REQUIRED: { ko: '{label}을(를) 입력해 주세요.', en: 'Please enter {label}.' },
  IDENTIFIER_TOO_SHORT: { ko: '{min}자 이상 입력해 주세요.', en: 'Please enter at least {min} characters.' },
  IDENTIFIER_INVALID_CHARS: {
    ko: "영문, 숫자, '-', '_'만 사용할 수 있습니다.",
    en: "Only letters, digits, '-' and '_' may be used.",
  },
  USERNAME_TAKEN: {
    ko: '이미 사용 중인 아이디입니다. 새로운 아이디를 입력해 주세요.',
    en: 'ID already in use, please enter a new ID.',
  },
  USERNAME_UNAVAILABLE: { ko: '사용할 수 없는 아이디입니다.', en: 'ID unavailable.' },
  NOT_ADMIN_ELIGIBLE: {
    ko: '관리자로 등록할 수 없는 계정입니다.',
    en: 'This account cannot be registered as an administrator.',
  },
  RESET_ALREADY_REQUESTED: {
    ko: '이미 비밀번호 초기화를 요청하였습니다. 관리자에게 문의해 주세요.',
    en: 'Password reset already requested, contact the administrator.',
  },
  RESET_REQUEST_CLOSED: { ko: '이미 처리된 요청입니다.', en: 'This request has already been handled.' },
  PROJECT_CODE_IMMUTABLE: {
    ko: '프로젝트 코드는 변경할 수 없습니다.',
    en: 'A project code cannot be changed.',
  },
  PROJECT_CODE_TAKEN: {
    ko: '이미 사용 중인 프로젝트 코드입니다.',
    en: 'This project code is already in use.',
  },
  LINE_CODE_TAKEN: {
    ko: '이 프로젝트에서 이미 사용 중인 라인 코드입니다.',
    en: 'This line code is already in use in the project.',
  },
  COMPANY_NAME_TAKEN: { ko: '이미 등록된 회사명입니다.', en: 'A company with this name already exists.' },
  PERMISSION_REQUIRED: {
    ko: '권한을 하나 이상 선택해 주세요.',
    en: 'Please choose at least one permission.',
  },
  TRIAL_EXPIRY_REQUIRED: {
    ko: '체험 계정은 만료일을 입력해야 합니다.',
    en: 'A trial account needs an expiry date.',
  },
  ALREADY_PARTICIPANT: {
    ko: '이미 프로젝트에 참여 중인 사용자입니다.',
    en: 'This user already takes part in the project.',
  },
  NOT_PARTICIPANT: { ko: '프로젝트 참여자가 아닙니다.', en: 'This user does not take part in the project.' },
  DATE_RANGE_INVALID: {
    ko: '종료일은 시작일 이후여야 합니다.',
    en: 'The end date must not be before the start date.',
  },
  NUMBER_REQUIRED: { ko: '숫자만 입력해 주세요.', en: 'Please enter numbers only.' },
  ALGORITHM_NO_DESCRIPTION: { ko: '알고리즘 설명 이미지가 없습니다.', en: 'No algorithm description image.' },
  ALGORITHM_UNKNOWN_ENGINE: {
    ko: '엔진에 선언되지 않은 알고리즘입니다.',
    en: 'The engine declares no such algorithm.',
  },
  ALGORITHM_PARAM_UNKNOWN: {
    ko: '엔진이 알 수 없는 파라미터 키입니다: {key}',
    en: 'The engine does not know the parameter key: {key}',
  },
  PARAM_RANGE_INVALID: {
    ko: '{key}: 최솟값 ≤ 기본값 ≤ 최댓값이어야 합니다.',
    en: '{key}: the values must satisfy min ≤ default ≤ max.',
  },
  DESCRIPTION_FILE_TYPE: {
    ko: '이미지 또는 PDF 파일만 올릴 수 있습니다.',
    en: 'Only an image or a PDF file can be uploaded.',
  },
  // Datasets, uploads, classes, images and download requests (codes in dataset/codes.ts).
  DATASET_NAME_REQUIRED: { ko: '데이터셋 이름을 입력해 주세요.', en: 'Please enter a dataset name.' },
  DATASET_NAME_INVALID: {
    ko: "데이터셋 이름에는 영문, 숫자, '-', '_'만 사용할 수 있습니다.",
    en: "A dataset name may use only letters, digits, '-' and '_'.",
  },
  DATASET_NAME_EXISTS: { ko: '이미 존재하는 데이터셋 이름입니다.', en: 'Dataset name already exists.' },
  DATASET_TYPE_REQUIRED: { ko: '데이터셋 유형을 선택해 주세요.', en: 'Please choose a dataset type.' },
  DATASET_NOT_FOUND: { ko: '데이터셋을 찾을 수 없습니다.', en: 'The dataset was not found.' },
  FILE_REQUIRED: { ko: '업로드할 파일을 선택해 주세요.', en: 'Please choose a file to upload.' },
  FOLDER_NAME_REQUIRED: { ko: '새 폴더 이름을 입력해 주세요.', en: 'Please enter a new folder name.' },
  FOLDER_NAME_INVALID: {
    ko: '폴더명이 올바르지 않거나 중복되었습니다: {name}',
    en: 'Invalid or duplicate folder name: {name}',
  },
  FOLDER_TOO_DEEP: {
    ko: '폴더 구조가 너무 깊습니다: {file}',
    en: 'The folders are nested too deeply: {file}',
  },
  FILE_NAME_INVALID: {
    ko: '파일명에 사용할 수 있는 문자가 없습니다: {file}',
    en: 'The file name has no usable characters: {file}',
  },
  CLASS_FOLDER_NAME_INVALID: {
    ko: "클래스 폴더명에는 영문, '-', '_'만 사용할 수 있습니다: {name}",
    en: "A class folder name may use only English letters, '-' and '_': {name}",
  },
  NOT_AN_IMAGE: { ko: '이미지 파일이 아닙니다: {file}', en: 'Not an image file: {file}' },
  IMAGE_CORRUPT: {
    ko: '이미지를 읽을 수 없습니다(손상된 파일): {file}',
    en: 'The image cannot be read (corrupt file): {file}',
  },
  FILE_TOO_LARGE: {
    ko: '파일이 너무 큽니다: {file} (최대 {max})',
    en: 'The file is too large: {file} (at most {max})',
  },
  UPLOAD_TOO_LARGE: {
    ko: '업로드 크기가 너무 큽니다 (최대 {max}).',
    en: 'The upload is too large (at most {max}).',
  },
  ZIP_INVALID: { ko: '압축 파일을 읽을 수 없습니다: {file}', en: 'The zip file cannot be read: {file}' },
  ZIP_BOMB: {
    ko: '압축을 풀면 너무 커지는 파일입니다: {file}',
    en: 'The archive expands to too much data: {file}',
  },
  ZIP_TOO_MANY_ENTRIES: {
    ko: '압축 파일의 항목이 너무 많습니다 (최대 {max}): {file}',
    en: 'The zip has too many entries (at most {max}): {file}',
  },
  ZIP_UNSAFE_PATH: {
    ko: '허용되지 않는 경로가 압축 파일에 있습니다: {file}',
    en: 'The zip contains a path that is not allowed: {file}',
  },
  ZIP_SYMLINK: {
    ko: '압축 파일에 심볼릭 링크가 있습니다: {file}',
    en: 'The zip contains a symbolic link: {file}',
  },
  LABEL_FILE_INVALID: {
    ko: '라벨 파일을 읽을 수 없거나 형식이 올바르지 않습니다: {file}',
    en: 'A label file cannot be read or is not in a supported format: {file}',
  },
  LABEL_MASK_SIZE: {
    ko: '마스크 크기가 이미지 크기와 다릅니다: {file}',
    en: 'A mask does not have the size of its image: {file}',
  },
  NO_IMAGES: { ko: '업로드할 이미지가 없습니다.', en: 'There are no images to upload.' },
  UPLOAD_LIMIT_EXCEEDED: {
    ko: '최대 업로드 개수를 초과했습니다. (남은 업로드 개수: {remaining})',
    en: 'Exceeded maximum number of uploads. (Remaining upload count: {remaining})',
  },
  TRIAL_UPLOAD_LIMIT: {
    ko: '체험 계정은 한 번에 최대 {max}장까지 업로드할 수 있습니다.',
    en: 'A trial account can upload at most {max} images at a time.',
  },
  REMAINING_UPLOAD_COUNT: { ko: '남은 업로드 개수: {remaining}', en: 'Remaining upload count: {remaining}' },
  CLASS_NAME_REQUIRED: { ko: '클래스 이름을 입력해 주세요.', en: 'Please enter a class name.' },
  CLASS_NAME_INVALID: {
    ko: "클래스 이름에는 영문, 숫자, '-', '_'만 사용할 수 있습니다.",
    en: "A class name may use only letters, digits, '-' and '_'.",
  },
  CLASS_LIMIT: { ko: '클래스는 최대 34개까지 등록할 수 있습니다.', en: 'Class limit of 34.' },
  CLASS_TOO_FEW: { ko: '클래스는 최소 2개 이상이어야 합니다.', en: 'At least 2 classes are needed.' },
  CLASS_OK_NG_REQUIRED: {
    ko: 'OK 클래스와 NG 클래스를 각각 하나 이상 지정해 주세요.',
    en: 'Check at least one class as OK and one as not OK.',
  },
  CLASS_DUPLICATE: { ko: '중복된 클래스 이름입니다.', en: 'Duplicate class name.' },
  CLASS_NOT_FOUND: { ko: '클래스를 찾을 수 없습니다.', en: 'The class was not found.' },
  CLASS_MERGE_INVALID: {
    ko: '병합할 클래스를 2개 이상, 중복 없이 선택해 주세요.',
    en: 'Choose at least 2 different classes to merge.',
  },
  CLASSES_ONLY_FOR_CF: {
    ko: '분류(cf) 데이터셋에서만 클래스를 관리합니다.',
    en: 'Classes are managed on classification (cf) datasets only.',
  },
  IMAGE_DELETE_DURING_VERIFICATION: {
    ko: '성능 평가 중에는 이미지를 삭제할 수 없습니다.',
    en: 'Images cannot be deleted during performance verification.',
  },
  IMAGE_SELECTION_REQUIRED: {
    ko: '삭제할 이미지를 선택해 주세요.',
    en: 'Please select the images to remove.',
  },
  IMAGE_LOAD_FAILED: { ko: '이미지를 불러올 수 없습니다.', en: 'Cannot load images.' },
  DOWNLOAD_NOT_READY: {
    ko: '다운로드 파일이 아직 준비되지 않았습니다.',
    en: 'The download file is not ready yet.',
  },
  DOWNLOAD_EXPIRED: {
    ko: '다운로드 기간이 지나 파일이 삭제되었습니다.',
    en: 'The download has expired and its file was removed.',
  },
  ...VISION_ERROR_MESSAGES,
  ...LEARNING_ERROR_MESSAGES,
  ...LABEL_ERROR_MESSAGES,
  ...PROCESSING_ERROR_MESSAGES,
  ...MONITORING_ERROR_MESSAGES,
  ...NOTICE_ERROR_MESSAGES,
  ...SEGMENT_ERROR_MESSAGES,
};

/** The message for a code in a locale, with {name} placeholders filled; ko is the fallback. */
export function errorMessage(
  code: string,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const entry = ERROR_MESSAGES[code] ?? ERROR_MESSAGES.BAD_REQUEST!;
  const text = entry[locale] ?? entry.ko;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

/** Picks the locale from the locale header or Accept-Language; ko when neither names a known one. */
export function pickLocale(header?: string | null, acceptLanguage?: string | null): Locale {
  for (const raw of [header, ...(acceptLanguage ?? '').split(',')]) {
    const tag = raw?.trim().slice(0, 2).toLowerCase();
    if (tag === 'ko' || tag === 'en') return tag;
  }
  return 'ko';
}
