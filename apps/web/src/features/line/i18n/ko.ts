// Korean texts of the line pages (namespace 'admin', keys line).
const ko = {
  line: {
    title: '검사 라인',
    add: '라인 추가',
    addTitle: '라인 추가',
    editTitle: '라인 수정',
    code: '라인 코드',
    name: '라인명',
    productName: '제품명',
    processName: '공정명',
    empty: '등록된 라인이 없습니다.',
    removeTitle: '라인 삭제',
    removeConfirm: '{{name}} 라인을 삭제하시겠습니까?',
  },
};

export default ko;
