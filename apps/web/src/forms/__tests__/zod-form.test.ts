import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginRequestSchema } from '@sightline/domain';
import i18n from '../../i18n';
import { zodValidate } from '../zod-form';

describe('zodValidate', () => {
  it('translates error-code messages in the current language', async () => {
    const schema = z.object({ password: z.string().min(1, { error: 'PASSWORD_REQUIRED' }) });
    await i18n.changeLanguage('ko');
    expect(zodValidate(schema)({ password: '' })).toEqual({ password: '비밀번호를 입력해 주세요.' });
    await i18n.changeLanguage('en');
    expect(zodValidate(schema)({ password: '' })).toEqual({ password: 'Please enter a password.' });
  });

  it('uses the per-field fallback key for plain zod messages, one message per field', async () => {
    await i18n.changeLanguage('en');
    const errors = zodValidate(loginRequestSchema, { username: 'auth:login.usernameRequired' })({
      username: ' ',
      password: '',
    });
    expect(errors.username).toBe('Please enter your ID.');
    expect(errors.password).toBe('Please check what you entered.');
    expect(zodValidate(loginRequestSchema)({ username: 'a', password: 'b' })).toEqual({});
  });
});
