import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { serializerCompiler } from './serializer.ts';

async function appWith(schema: z.ZodType, payload: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.withTypeProvider<ZodTypeProvider>().get('/', { schema: { response: { 200: schema } }, handler: async () => payload as never });
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('writes only the declared properties, nested ones and list items included', async () => {
    const schema = z.object({
      message: z.string(),
      data: z.array(z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() })),
    });
    const app = await appWith(schema, {
      message: 'ok',
      secret: 'top',
      data: [{ id: 1, name: 'A', note: null, password_hash: 'x' }],
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'ok', data: [{ id: 1, name: 'A', note: null }] });
    expect(response.body).not.toContain('password_hash');
    await app.close();
  });

  it('does not run zod on each answer', async () => {
    let checks = 0;
    const schema = z.object({ name: z.string().refine(() => ++checks > 0) });
    const app = await appWith(schema, { name: 'A' });
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/' })).json()).toEqual({ name: 'A' });
    expect(checks).toBe(0);
    await app.close();
  });

  it('keeps zod for what JSON Schema cannot express (a Date), with the same output', async () => {
    const schema = z.object({ at: z.date() });
    const app = await appWith(schema, { at: new Date('2026-01-02T03:04:05.000Z') });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.json()).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    await app.close();
  });

  it('refuses an answer that lacks a required property (a 500, never a half answer)', async () => {
    const app = await appWith(z.object({ id: z.number(), name: z.string() }), { id: 1 });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(500);
    await app.close();
  });

  it('takes zod/mini schemas too, for validation and answers (fastify-type-provider-zod 7 works on zod core)', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().post('/', {
      schema: {
        body: zm.strictObject({ code: zm.string().check(zm.regex(/^\d{6}$/)) }),
        response: { 200: zm.object({ code: zm.string() }) },
      },
      handler: async (request) => ({ code: request.body.code, extra: 'dropped' }),
    });
    await app.ready();
    const ok = await app.inject({ method: 'POST', url: '/', payload: { code: '123456' } });
    expect(ok.json()).toEqual({ code: '123456' });
    const refused = await app.inject({ method: 'POST', url: '/', payload: { code: '12' } });
    expect(refused.statusCode).toBe(400);
    await app.close();
  });
});
