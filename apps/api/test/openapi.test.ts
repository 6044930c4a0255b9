import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../src/modules/index.ts';
import { operationIdOf } from '../src/plugins/openapi.ts';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
}

describe('API reference', () => {
  it('names operations from method and path', () => {
    expect(operationIdOf('GET', '/api/airport/get/:id')).toBe('getAirportGetById');
    expect(operationIdOf('POST', '/api/auth/totp/setup')).toBe('postAuthTotpSetup');
    expect(operationIdOf('PATCH', '/api/auth/admin/change-password')).toBe('patchAuthAdminChangePassword');
    expect(operationIdOf('GET', '/healthz')).toBe('getHealthz');
  });

  it('gives every operation a unique operationId, a summary and declared tags', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json() as { tags: { name: string; description: string }[]; paths: Record<string, Record<string, Operation>> };
    const operations = Object.values(doc.paths).flatMap((path) => Object.values(path));
    expect(operations.length).toBeGreaterThan(20);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.every((operation) => Boolean(operation.summary))).toBe(true);

    // The modules' tags, each declared once.
    const tags = apiModules.flatMap((module) => module.tags.map((tag) => tag.name));
    expect(doc.tags.map((tag) => tag.name)).toEqual(tags);
    expect(new Set(tags).size).toBe(tags.length);
    const declared = new Set(doc.tags.map((tag) => tag.name));
    expect(
      operations.every((operation) => (operation.tags ?? []).length > 0 && (operation.tags ?? []).every((tag) => declared.has(tag))),
    ).toBe(true);
  });

  it("shows a company's site an example of each public booking call's body and answer (issue 23)", async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // Every example under an operation, wherever the generator put it (the body's `example`, the answer's `data` schema).
    const examplesIn = (node: unknown): unknown[] =>
      node && typeof node === 'object'
        ? Object.entries(node).flatMap(([key, value]) =>
            key === 'example'
              ? [value]
              : key === 'examples' && Array.isArray(value)
                ? value
                : key === 'examples' && value && typeof value === 'object'
                  ? // OpenAPI's named examples: { example1: { value }, ... }
                    Object.values(value).map((named) => (named as { value?: unknown }).value)
                  : examplesIn(value),
          )
        : [];
    const examples = (method: string, path: string) => JSON.stringify(examplesIn(doc.paths[path]?.[method]));
    expect(examples('post', '/api/public/booking/add')).toContain('Amara Okafor');
    expect(examples('post', '/api/public/booking/add')).toContain('pay_on_arrival');
    expect(examples('post', '/api/public/booking/access')).toContain('PS-7KQ4-2M');
    expect(examples('post', '/api/public/booking/verify')).toContain('booking_token');
    expect(examples('patch', '/api/public/booking/update')).toContain('confirm_price');
    expect(examples('post', '/api/public/booking/request-car')).toContain('bag_claim_minutes');
    expect(examples('post', '/api/public/booking/cancel')).toContain('refund_text');
  });
});
