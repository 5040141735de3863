// Namespace 'admin': the texts every tenancy page shares, plus each feature's own section (kept with the feature).
import dashboard from '../../features/dashboard/i18n/ko';
import history from '../../features/history/i18n/ko';
import company from '../../features/company/i18n/ko';
import project from '../../features/project/i18n/ko';
import line from '../../features/line/i18n/ko';
import participant from '../../features/participant/i18n/ko';
import user from '../../features/user/i18n/ko';
import resetRequest from '../../features/reset-request/i18n/ko';
import algorithm from '../../features/algorithm/i18n/ko';

const ko = {
  common: {
    all: '전체',
    available: '사용 가능합니다.',
    cancel: '취소',
    checkFirst: '중복 확인을 먼저 해 주세요.',
    copied: '복사됨',
    copy: '복사',
    createdAt: '등록일',
    updatedAt: '수정일',
    delete: '삭제',
    deleted: '삭제했습니다.',
    duplicateCheck: '중복 확인',
    edit: '수정',
    fixErrors: '입력값을 확인해 주세요.',
    no: '아니요',
    yes: '예',
    save: '저장',
    saved: '저장했습니다.',
    search: '검색',
    searchPlaceholder: '검색어를 입력하세요',
    select: '선택',
  },
  roles: { 1: '시스템 관리자', 2: '서비스 관리자', 3: '회사 관리자', 4: '사용자', 5: '체험 사용자' },
  permission: { label: '권한', editTitle: '권한 수정', 1: '학습', 2: '모니터링' },
  fieldLabels: {
    kind: '유형',
    engineKey: '엔진 알고리즘',
    roleId: '역할',
    name: '이름',
    companyName: '회사명',
    lineName: '라인명',
    lineCode: '라인 코드',
    projectCode: '프로젝트 코드',
    algorithmName: '알고리즘명',
  },
  ...dashboard,
  ...history,
  ...company,
  ...project,
  ...line,
  ...participant,
  ...user,
  ...resetRequest,
  ...algorithm,
};

export default ko;
export type AdminTexts = typeof ko;
