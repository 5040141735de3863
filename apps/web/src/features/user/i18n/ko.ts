// Korean texts of the user pages (namespace 'admin', keys defaultProject, user).
const ko = {
  defaultProject: {
    title: '기본 프로젝트',
    label: '기본 프로젝트',
    none: '지정하지 않음',
    noProjects: '참여 중인 프로젝트가 없습니다.',
  },
  user: {
    listTitle: '사용자 관리',
    create: '사용자 등록',
    createTitle: '사용자 등록',
    editTitle: '사용자 수정',
    created: '사용자를 등록했습니다.',
    username: '아이디',
    password: '비밀번호',
    passwordRule: '영문, 숫자 조합 10자 이상 또는 영문, 숫자, 특수문자 조합 8자 이상',
    generatePassword: '자동 생성',
    newPassword: '새 비밀번호',
    newPasswordHelp: '비워 두면 비밀번호를 바꾸지 않습니다.',
    name: '이름',
    department: '부서',
    role: '역할',
    trial: '체험 계정',
    expiresAt: '만료일',
    projects: '참여 프로젝트',
    addProject: '프로젝트 추가',
    chooseCompanyFirst: '회사를 먼저 선택해 주세요.',
    noProjects: '참여 중인 프로젝트가 없습니다.',
    rename: '이름 변경',
    resetByAdmin: '비밀번호 상태',
    mustChangePassword: '다음 로그인 시 변경 필요',
    search: '사용자 검색',
    searchPlaceholder: '아이디, 이름, 부서',
    empty: '사용자가 없습니다.',
  },
};

export default ko;
