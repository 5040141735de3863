import { describe, expect, it } from 'vitest';
import { workFieldErrors } from './WorkFields';

describe('workFieldErrors (SPEC §5 work name and save directory)', () => {
  it('answers the spec messages in the UI language', () => {
    expect(workFieldErrors({ name: '', save_dir: 'ok_dir', description: '' }, 'en')).toEqual({
      name: 'Please enter a work name.',
    });
    expect(workFieldErrors({ name: 'x'.repeat(31), save_dir: 'a b', description: '' }, 'ko')).toEqual({
      name: '작업명은 최대 30자까지 입력할 수 있습니다.',
      save_dir: "저장 폴더명에는 영문, 숫자, '_', '-'만 사용할 수 있습니다.",
    });
    expect(workFieldErrors({ name: '신규 작업', save_dir: 'out-1', description: '' }, 'ko')).toEqual({});
  });
});
