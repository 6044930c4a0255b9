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
});
