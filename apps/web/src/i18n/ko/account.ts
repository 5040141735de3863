// Change-password texts (Korean).
export default {
  changePassword: {
    title: '비밀번호 변경',
    subtitle: '안전한 사용을 위해 주기적으로 비밀번호를 변경해 주세요.',
    old: '현재 비밀번호',
    new: '새 비밀번호',
    confirm: '새 비밀번호 확인',
    rule: '영문, 숫자 조합 10자 이상 또는 영문, 숫자, 특수문자 조합 8자 이상',
    submit: '변경하기',
    done: '비밀번호가 변경되었습니다.',
    oldRequired: '현재 비밀번호를 입력해 주세요.',
    forced: '관리자가 비밀번호를 초기화했습니다. 계속하려면 새 비밀번호로 변경해 주세요.',
  },
  problems: {
    required: '새 비밀번호를 입력해 주세요.',
    weak: '비밀번호는 영문, 숫자 조합 10자 이상 또는 영문, 숫자, 특수문자 조합 8자 이상이어야 합니다.',
    sameAsOld: '기존 비밀번호와 다른 비밀번호를 입력해 주세요.',
    mismatch: '비밀번호가 일치하지 않습니다.',
  },
};
