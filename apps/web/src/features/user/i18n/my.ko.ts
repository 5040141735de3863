// Korean texts of the my area (my info, usage projects).
const ko = {
  cancel: '취소',
  save: '저장',
  saved: '저장했습니다.',
  info: {
    title: '내 정보',
    changePassword: '비밀번호 변경',
    projects: '참여 프로젝트',
    noProjects: '참여 중인 프로젝트가 없습니다. 관리자에게 프로젝트 참여를 요청해 주세요.',
  },
  defaultProject: {
    title: '기본 프로젝트',
    label: '기본 프로젝트',
    none: '지정하지 않음',
    noProjects: '참여 중인 프로젝트가 없습니다.',
  },
  usage: {
    title: '사용 프로젝트',
    status: '사용 상태',
    unlimited: '무기한',
    expired: '기간 만료',
    daysLeft_one: '{{count}}일 남음',
    daysLeft_other: '{{count}}일 남음',
    myPermissions: '내 권한',
    empty: '사용 중인 프로젝트가 없습니다.',
  },
};

export default ko;
export type MyTexts = typeof ko;
