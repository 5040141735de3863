// Error codes of the tenancy/administration area (companies, projects, lines, users, participants,
// reset requests, algorithms) and their ko/en texts (merged with every other area's in errors/messages.ts).
import type { Locale } from '../constants';
import type { MessageCatalogue } from '../errors/catalogue';

export const TenancyErrorCode = {
  FieldRequired: 'FIELD_REQUIRED',
  IdentifierTooShort: 'IDENTIFIER_TOO_SHORT',
  IdentifierInvalidChars: 'IDENTIFIER_INVALID_CHARS',
  UsernameTaken: 'USERNAME_TAKEN',
  UsernameUnavailable: 'USERNAME_UNAVAILABLE',
  NotAdminEligible: 'NOT_ADMIN_ELIGIBLE',
  ResetAlreadyRequested: 'RESET_ALREADY_REQUESTED',
  ResetRequestClosed: 'RESET_REQUEST_CLOSED',
  ProjectCodeTaken: 'PROJECT_CODE_TAKEN',
  ProjectCodeImmutable: 'PROJECT_CODE_IMMUTABLE',
  LineCodeTaken: 'LINE_CODE_TAKEN',
  CompanyNameTaken: 'COMPANY_NAME_TAKEN',
  PermissionRequired: 'PERMISSION_REQUIRED',
  TrialExpiryRequired: 'TRIAL_EXPIRY_REQUIRED',
  AlreadyParticipant: 'ALREADY_PARTICIPANT',
  NotParticipant: 'NOT_PARTICIPANT',
  DateRangeInvalid: 'DATE_RANGE_INVALID',
  NumberRequired: 'NUMBER_REQUIRED',
  AlgorithmNoDescription: 'ALGORITHM_NO_DESCRIPTION',
  AlgorithmUnknownEngine: 'ALGORITHM_UNKNOWN_ENGINE',
  AlgorithmParamUnknown: 'ALGORITHM_PARAM_UNKNOWN',
  ParamRangeInvalid: 'PARAM_RANGE_INVALID',
  DescriptionFileType: 'DESCRIPTION_FILE_TYPE',
} as const;
export type TenancyErrorCodeValue = (typeof TenancyErrorCode)[keyof typeof TenancyErrorCode];

export const TENANCY_ERROR_MESSAGES: MessageCatalogue<TenancyErrorCodeValue> = {
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
};

/**
 * Labels of the tenancy form fields, used to fill FIELD_REQUIRED's {label} ('please enter …') so the
 * server's answer and the web's inline hint read the same.
 */
export const TENANCY_FIELD_LABELS: Record<string, Record<Locale, string>> = {
  username: { ko: '아이디', en: 'an ID' },
  password: { ko: '비밀번호', en: 'a password' },
  name: { ko: '이름', en: 'a name' },
  department: { ko: '부서', en: 'a department' },
  code: { ko: '코드', en: 'a code' },
  title: { ko: '프로젝트명', en: 'a project name' },
  productName: { ko: '제품명', en: 'a product name' },
  processName: { ko: '공정명', en: 'a process name' },
  companyId: { ko: '회사', en: 'a company' },
  userId: { ko: '사용자', en: 'a user' },
  expiresAt: { ko: '만료일', en: 'an expiry date' },
  endDate: { ko: '사용 종료일', en: 'an end date' },
  permissions: { ko: '권한', en: 'a permission' },
  workType: { ko: '작업 유형', en: 'a work type' },
  key: { ko: '키', en: 'a key' },
};

export function fieldLabel(field: string, locale: Locale): string {
  return TENANCY_FIELD_LABELS[field]?.[locale] ?? field;
}
