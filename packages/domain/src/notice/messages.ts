// ko/en texts of the notice codes (schemas.ts NoticeErrorCode).
import type { MessageCatalogue } from '../errors/catalogue';
import { NOTICE_LIMITS } from './schemas';

export const NOTICE_ERROR_MESSAGES: MessageCatalogue = {
  NOTICE_TITLE_REQUIRED: { ko: '제목을 입력해 주세요.', en: 'Please enter a title.' },
  NOTICE_COMPANY_REQUIRED: { ko: '회사를 선택해 주세요.', en: 'Please choose a company.' },
  NOTICE_DEPARTMENT_REQUIRED: { ko: '부서를 입력해 주세요.', en: 'Please enter a department.' },
  NOTICE_FILE_REQUIRED: { ko: '첨부할 파일을 선택해 주세요.', en: 'Please choose a file to attach.' },
  NOTICE_TOO_MANY_FILES: {
    ko: `첨부 파일은 공지당 ${NOTICE_LIMITS.attachmentsPerNotice}개까지입니다.`,
    en: `A notice holds at most ${NOTICE_LIMITS.attachmentsPerNotice} attachments.`,
  },
  NOTICE_FILE_TOO_LARGE: {
    ko: `첨부 파일은 ${NOTICE_LIMITS.attachmentMaxBytes / 1024 / 1024}MB 이하여야 합니다.`,
    en: `An attachment must be at most ${NOTICE_LIMITS.attachmentMaxBytes / 1024 / 1024} MB.`,
  },
};
