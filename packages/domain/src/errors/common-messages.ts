// Texts of the general API error codes (errors/codes.ts): request, session, access and server failures.
import type { MessageCatalogue } from './catalogue';

export const COMMON_ERROR_MESSAGES: MessageCatalogue = {
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
};
