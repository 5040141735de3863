// Korean texts of the download-request list (default and fallback locale).
export const downloadKo = {
  title: '다운로드 요청 목록',
  tabs: { dataset: '데이터셋', result: '결과' },
  refresh: '새로고침',
  columns: {
    workName: '작업명',
    fileName: '파일명',
    fileCount: '파일 수',
    createdAt: '요청일시',
    status: '상태',
  },
  requesting: '요청 중...',
  download: '다운로드',
  removalBadge: '{{days}}일 후 삭제',
  error: 'Error',
  empty: '다운로드 요청 내역이 없습니다.',
  cancelNote: '창을 닫아도 진행 중인 요청은 취소되지 않습니다. 생성된 파일은 3일 후 삭제됩니다.',
  close: '닫기',
  progress: '진행률 {{value}}%',
} as const;
