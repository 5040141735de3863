// Error codes of the tenancy/administration area (companies, projects, lines, users, participants,
// reset requests, algorithms). Their ko/en texts live in errors/messages.ts with every other code.
import type { Locale } from '../constants';

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
