// App-wide validation errors (http/coded-validation.ts): a schema whose zod message is an error code
// answers that code with its field and params on any route; other failures answer VALIDATION_FAILED;
// authentication and role checks answer before validation everywhere.
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codedValidation } from '../src/common/coded-validation';
import { AppError } from '../src/common/app-error';
import { registerErrorHandling } from '../src/common/error-handler';
import { setupTestApp } from './harness';

/** A bare app with only the http/ modules: the formatter is not tied to any feature's routes. */
async function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  codedValidation(app);
  app.post(
    '/api/widgets',
    {
      preHandler: async (req) => {
        if (req.headers['x-pass'] !== 'yes') throw AppError.forbidden();
      },
      schema: {
        body: z.object({
          name: z.string({ error: 'FIELD_REQUIRED' }).min(1, 'FIELD_REQUIRED'),
          code: z.string().superRefine((v, ctx) => {
            if (v.length < 4)
              ctx.addIssue({ code: 'custom', message: 'IDENTIFIER_TOO_SHORT', params: { min: 4 } });
          }),
          count: z.number().int(),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('coded validation (bare http modules)', async () => {
  const app = await bareApp();
  afterAll(() => app.close());
  const post = (payload: object, pass = true, locale = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/widgets',
      payload,
      headers: { 'x-locale': locale, ...(pass ? { 'x-pass': 'yes' } : {}) },
    });

  it('answers the schema code with the field and a translated, labelled message', async () => {
    const res = await post({ name: '', code: 'ABCD', count: 1 }, true, 'ko');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'FIELD_REQUIRED', field: 'name' });
    expect(res.json().error.message).toContain('이름');
  });

  it('passes custom issue params into the message', async () => {
    const res = await post({ name: 'n', code: 'ab', count: 1 });
    expect(res.json().error).toEqual({
      code: 'IDENTIFIER_TOO_SHORT',
      field: 'code',
      message: 'Please enter at least 4 characters.',
    });
  });

  it('answers VALIDATION_FAILED for a plain zod message', async () => {
    const res = await post({ name: 'n', code: 'ABCD', count: 1.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'count' });
  });

  it('runs the route preHandlers before reporting invalid input', async () => {
    const res = await post({}, false);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await post({ name: 'n', code: 'ABCD', count: 2 })).json()).toEqual({ ok: true });
  });
});

describe('coded validation (the real app)', () => {
  const t = setupTestApp();

  it('authenticates before validating on foundation routes', async () => {
    const anonymous = await t.app.inject({ url: '/api/v2/project-limit/abc/get' });
    expect(anonymous.statusCode).toBe(401);
    const u = await t.factory.user({ roleId: 1 });
    const bad = await t.app.inject({ url: '/api/v2/project-limit/abc/get', headers: await t.loginAs(u) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });
});
