import { auditEntities, errorCodes, languages } from '@ps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { kitErrorCodes } from '../kit/modules.ts';
import { hasMessage } from '../lib/i18n.ts';
import { apiModules } from './index.ts';

/** The API's manifests (modules/index.ts) are the only list of what the API is made of: they must be whole. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('the API modules’ manifests', () => {
  it('are named once, and declare each tag of the API reference once', () => {
    const names = apiModules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    const tags = apiModules.flatMap((module) => module.tags.map((tag) => tag.name));
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of apiModules.flatMap((module) => module.tags)) expect(tag.description.length, tag.name).toBeGreaterThan(10);
  });

  it('claim every error code, and each code a module answers with has its message in English and Tamil', () => {
    const claimed = new Set<string>([...kitErrorCodes, ...apiModules.flatMap((module) => module.errors ?? [])]);
    expect(errorCodes.filter((code) => !claimed.has(code))).toEqual([]);
    for (const code of claimed) {
      for (const language of languages) expect(hasMessage(language, `errors.${code}`), `${code} (${language})`).toBe(true);
    }
  });

  it('claim every kind of audited record, each named in English and Tamil for the Audit screen', () => {
    const claimed = new Set<string>(apiModules.flatMap((module) => module.auditEntities ?? []));
    expect(auditEntities.filter((entity) => !claimed.has(entity))).toEqual([]);
    for (const entity of claimed) {
      for (const language of languages) expect(hasMessage(language, `audit.entities.${entity}`), `${entity} (${language})`).toBe(true);
    }
  });

  it('register routes that each say their permission or why they are public', async () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(200);
    for (const route of ctx.app.routeTable) expect(route.permission ?? route.public, `${route.method} ${route.url}`).toBeTruthy();
  });
});
