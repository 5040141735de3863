// Login and password-reset request texts (Korean).
export default {
  login: {
    title: '로그인',
    welcome: '다시 오신 것을 환영합니다',
    subtitle: '계정 정보를 입력해 로그인해 주세요.',
    username: '아이디',
    usernamePlaceholder: '아이디를 입력해 주세요',
    password: '비밀번호',
    passwordPlaceholder: '비밀번호를 입력해 주세요',
    submit: '로그인',
    forgot: '비밀번호를 잊으셨나요?',
    usernameRequired: '아이디를 입력해 주세요.',
    passwordRequired: '비밀번호를 입력해 주세요.',
  },
  hero: {
    title: '현장의 눈을 AI로',
    body: '데이터셋 관리부터 라벨링, 학습, 성능 평가, 라인 모니터링까지 한 곳에서.',
    point1: '분류 · 객체 탐지 · 영역 분할 모델',
    point2: 'AI 보조 라벨링과 데이터 증강',
    point3: '라인별 실시간 검사 모니터링',
  },
  reset: {
    title: '비밀번호 초기화 요청',
    body: '아이디를 입력하면 관리자에게 비밀번호 초기화를 요청합니다. 처리되면 관리자가 임시 비밀번호를 안내합니다.',
    username: '아이디',
    required: '아이디를 입력해 주세요.',
    submit: '요청하기',
    done: '비밀번호 초기화를 요청했습니다. 관리자의 안내를 기다려 주세요.',
  },
};
