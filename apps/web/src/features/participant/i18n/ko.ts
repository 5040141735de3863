// Korean texts of the participant pages (namespace 'admin', keys participant, manager).
const ko = {
  participant: {
    title: '참여자',
    add: '참여자 추가',
    addTitle: '참여자 추가',
    added: '참여자를 추가했습니다.',
    existingUser: '기존 사용자',
    newUser: '신규 사용자',
    joinedAt: '참여일',
    empty: '참여자가 없습니다.',
    removeTitle: '참여자 삭제',
    removeConfirm: '{{name}} 님을 프로젝트에서 제외하시겠습니까?',
  },
  manager: {
    title: '프로젝트 관리자',
    badge: '관리자',
    add: '관리자 추가',
    addTitle: '관리자 추가',
    added: '관리자를 추가했습니다.',
    byId: '또는 아이디로 추가',
    help: '프로젝트 관리자는 참여자와 라인을 관리할 수 있습니다. 참여자가 아닌 계정은 학습·모니터링 권한을 가진 참여자로 함께 추가됩니다.',
    empty: '지정된 프로젝트 관리자가 없습니다.',
    remove: '관리자 해제',
    removeConfirm: '{{name}} 님의 관리자 권한을 해제하시겠습니까? (참여자로는 남습니다)',
  },
};

export default ko;
