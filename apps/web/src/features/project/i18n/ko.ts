// Korean texts of the project pages (namespace 'admin', keys project).
const ko = {
  project: {
    listTitle: '프로젝트 관리',
    create: '프로젝트 등록',
    createTitle: '프로젝트 등록',
    editTitle: '프로젝트 수정',
    created: '프로젝트를 등록했습니다.',
    code: '프로젝트 코드',
    codeFixed: '프로젝트 코드는 등록 후 변경할 수 없습니다.',
    title: '프로젝트명',
    company: '회사',
    description: '설명',
    startDate: '사용 시작일',
    endDate: '사용 종료일',
    period: '사용 기간',
    unlimited: '제한 없음',
    uploadLimit: '이미지 업로드 제한 수',
    learningLimit: '학습 횟수 제한',
    lineCount: '라인 수',
    participantCount: '참여자 수',
    search: '프로젝트 검색',
    searchPlaceholder: '코드 또는 프로젝트명',
    empty: '프로젝트가 없습니다.',
    selectTitle: '프로젝트 선택',
  },
};

export default ko;
