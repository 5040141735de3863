// 알림 네임스페이스의 한국어 텍스트 (en.ts 와 같은 키).
export const notificationKo = {
  title: '알림',
  empty: '알림이 없습니다.',
  markAllRead: '모두 읽음으로 표시',
  progress: '진행률',
  project: '프로젝트 {{id}}',
  filter: { all: '전체', unread: '읽지 않음 ({{count}})', read: '읽음' },
  status: { done: '완료', in_progress: '진행중' },
  jobStatus: {
    queued: '대기중',
    running: '진행중',
    succeeded: '완료',
    failed: '실패',
    cancelled: '취소됨',
  },
  type: {
    labeling: '라벨링',
    compare_inference: '비교 추론',
    compare: '비교 평가',
    learning: '학습',
    inference: '성능 평가',
    monitoring: '모니터링 알림',
  },
};
