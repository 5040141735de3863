// Korean texts of the dashboard pages (namespace 'admin', keys dashboard).
const ko = {
  dashboard: {
    title: '대시보드',
    companies: '회사',
    projects: '프로젝트',
    lines: '라인',
    users: '사용자',
    runningJobs: '실행 중인 작업',
    pendingResets: '미처리 비밀번호 초기화 요청',
    recent: '최근 변경 내역',
    allHistory: '전체 이력 보기',
  },
};

export default ko;
