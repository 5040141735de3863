import { beforeAll, describe, expect, it } from 'vitest';
import { algorithmInputSchema, ALGORITHMS, companyInputSchema, lineInputSchema } from '@sightline/domain';
import i18n from '../../i18n';
import { fromEngine, toPayload } from '../../features/algorithm/utils/algorithm-form';
import { domainResolver } from '../form-resolver';

describe('domainResolver', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ko');
  });

  it("answers 'please enter …' with this form's own label", () => {
    const validate = domainResolver(companyInputSchema, {
      labels: { name: 'admin:fieldLabels.companyName' },
    });
    expect(validate({ name: '  ' })).toEqual({ name: '회사명을(를) 입력해 주세요.' });
    expect(validate({ name: 'Acme' })).toEqual({});
  });

  it('uses the domain label when the form gives none, and the identifier rules', () => {
    const errors = domainResolver(lineInputSchema)({
      code: 'ab',
      name: 'L1',
      productName: '',
      processName: 'P',
    });
    expect(errors.code).toBe('4자 이상 입력해 주세요.');
    expect(errors.productName).toBe('제품명을(를) 입력해 주세요.');
  });

  it('names the parameter key of a bad algorithm row', () => {
    const values = fromEngine(ALGORITHMS[0]!);
    values.trainParams[0]!.default = 99999;
    const errors = domainResolver(algorithmInputSchema, { prepare: toPayload })(values);
    expect(errors['trainParams.0.default']).toBe('epochs: 최솟값 ≤ 기본값 ≤ 최댓값이어야 합니다.');
  });

  it('follows the UI language', async () => {
    await i18n.changeLanguage('en');
    const validate = domainResolver(companyInputSchema, {
      labels: { name: 'admin:fieldLabels.companyName' },
    });
    expect(validate({ name: '' })).toEqual({ name: 'Please enter the company name.' });
    await i18n.changeLanguage('ko');
  });
});
