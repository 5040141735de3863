// Korean texts of the reset-request pages (namespace 'admin', keys reset).
const ko = {
  reset: {
    listTitle: '비밀번호 초기화 요청',
    detailTitle: '비밀번호 초기화 요청 처리',
    statusLabel: '처리 상태',
    status: { unprocessed: '미처리', changed: '변경 완료', invalid: '처리 불가' },
    requestedAt: '요청 일시',
    handledAt: '처리 일시',
    handledBy: '처리자',
    unknownUser: '등록되지 않은 아이디',
    empty: '비밀번호 초기화 요청이 없습니다.',
    reset: '임시 비밀번호 발급',
    resetConfirm:
      '{{username}} 계정의 비밀번호를 임시 비밀번호로 초기화하시겠습니까? 사용자는 다음 로그인 시 비밀번호를 변경해야 합니다.',
    resetDone: '임시 비밀번호를 발급했습니다.',
    markInvalid: '처리 불가',
    invalidConfirm: '{{username}} 요청을 처리 불가로 표시하시겠습니까?',
    invalidDone: '처리 불가로 표시했습니다.',
    temporaryTitle: '임시 비밀번호 (한 번만 표시됩니다)',
    temporaryHelp:
      '이 화면을 벗어나면 다시 볼 수 없습니다. 사용자에게 안전하게 전달해 주세요. 사용자는 로그인 후 비밀번호를 변경해야 합니다.',
  },
};

export default ko;
