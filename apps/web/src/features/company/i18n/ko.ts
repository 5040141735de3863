// Korean texts of the company pages (namespace 'admin', keys company).
const ko = {
  company: {
    listTitle: '회사 관리',
    create: '회사 등록',
    createTitle: '회사 등록',
    created: '회사를 등록했습니다.',
    name: '회사명',
    projectCount: '프로젝트 수',
    lineCount: '라인 수',
    adminCount: '관리자 수',
    userCount: '사용자 수',
    empty: '등록된 회사가 없습니다.',
    rename: '회사명 변경',
    projectsTab: '프로젝트',
    usersTab: '사용자',
    selectTitle: '회사 선택',
    choose: '회사 선택',
  },
};

export default ko;
