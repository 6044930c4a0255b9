import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { call, createCompanyThroughApi, createSuperAdmin, createTenant, type Headers, type Tenant } from './kit.ts';

type Body = Record<string, unknown>;
type Record_ = Record<string, unknown> & { id: number };

/**
 * What a resource tells the shared CRUD suite. The suite then proves what every resource must do: create
 * with its audit entry, list paging / sort / search, get, update with audit, delete, 400 details, strict
 * bodies, and (company resources) that another company's admin gets 404 and changes nothing.
 */
export interface CrudSuiteOptions {
  /** `/api/airport` */
  base: string;
  /** The audit log's entity name. */
  entity: string;
  /** `company` (default): a company's admin works on it; `organisation`: the super admin does. */
  scope?: 'company' | 'organisation';
  /** A valid, unique add body; gets the tenant so it can create what the record needs first. */
  createBody(ctx: TestContext, tenant: Tenant): Promise<Body> | Body;
  /** A valid change, and the fields the answer then shows. */
  update: { body: Body; expect: Body };
  /** An add body the contract refuses, and the fields the 400 details must name. */
  invalid: { body: Body; fields: string[] };
  sortFields: readonly string[];
  /** A search term that finds the record just created (and not most others). */
  searchTermOf(record: Record_): string;
}

export function describeCrudResource(name: string, options: CrudSuiteOptions): void {
  describe(`${name}: the resource kit's shared checks`, () => {
    let ctx: TestContext;
    let owner: Tenant;
    let stranger: Tenant;
    const organisation = options.scope === 'organisation';

    beforeAll(async () => {
      ctx = await createTestContext();
      owner = organisation ? await createSuperAdmin(ctx) : await createTenant(ctx);
      // The other company is made as the product makes one (the super admin's company/add).
      stranger = await createCompanyThroughApi(ctx);
    });
    afterAll(() => ctx?.close());

    const add = async (headers: Headers = owner.headers, tenant: Tenant = owner) => {
      const { status, body } = await call(ctx.app, 'POST', `${options.base}/add`, headers, await options.createBody(ctx, tenant));
      expect(status, JSON.stringify(body)).toBe(201);
      return body.data as Record_;
    };
    const auditOf = (id: number, action: string) =>
      ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, options.entity), eq(auditLog.entity_id, String(id)), eq(auditLog.action, action as 'create')));

    it('adds a record (201) with its audit entry, and gets it back', async () => {
      const created = await add();
      expect(created.id).toEqual(expect.any(Number));
      const [entry] = await auditOf(created.id, 'create');
      expect(entry?.actor_user_id).toBe(owner.user.id);
      const fetched = await call(ctx.app, 'GET', `${options.base}/get/${created.id}`, owner.headers);
      expect(fetched.status).toBe(200);
      expect(fetched.body.data).toEqual(created);
    });

    it('updates a record: the answer shows the change and the audit entry has before and after', async () => {
      const created = await add();
      const updated = await call(ctx.app, 'PATCH', `${options.base}/update/${created.id}`, owner.headers, options.update.body);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.data).toMatchObject(options.update.expect);
      const [entry] = await auditOf(created.id, 'update');
      const changed = Object.keys(entry?.changes ?? {});
      expect(changed.length).toBeGreaterThan(0);
      for (const field of changed) expect(entry?.changes[field]).toHaveProperty('from');
    });

    it('deletes a record with its audit entry; it is gone afterwards', async () => {
      const created = await add();
      expect((await call(ctx.app, 'DELETE', `${options.base}/delete/${created.id}`, owner.headers)).status).toBe(200);
      expect((await call(ctx.app, 'GET', `${options.base}/get/${created.id}`, owner.headers)).status).toBe(404);
      expect(await auditOf(created.id, 'delete')).toHaveLength(1);
    });

    it('pages: page_size limits the rows, the total counts them all, page 2 continues', async () => {
      await add();
      await add();
      await add();
      const first = await call(ctx.app, 'GET', `${options.base}/list?page_size=2`, owner.headers);
      expect(first.status).toBe(200);
      const total = (first.body.pagination as { total: number }).total;
      expect(total).toBeGreaterThanOrEqual(3);
      expect(first.body.data).toHaveLength(2);
      const second = await call(ctx.app, 'GET', `${options.base}/list?page_size=2&page=2`, owner.headers);
      const ids = (rows: unknown) => (rows as Record_[]).map((row) => row.id);
      expect(ids(second.body.data).some((id) => ids(first.body.data).includes(id))).toBe(false);
    });

    it.each(options.sortFields)('sorts by %s both ways', async (field) => {
      await add();
      await add();
      const asc = await call(ctx.app, 'GET', `${options.base}/list?sort=${field}&page_size=1000`, owner.headers);
      const desc = await call(ctx.app, 'GET', `${options.base}/list?sort=-${field}&page_size=1000`, owner.headers);
      expect(asc.status).toBe(200);
      expect(desc.status).toBe(200);
      const a = asc.body.data as Record_[];
      const d = desc.body.data as Record_[];
      expect(a.length).toBe(d.length);
      // Ties may come in any order, so compare the values at the ends, not the ids.
      expect(a[0]?.[field]).toEqual(d[d.length - 1]?.[field]);
      expect(a[a.length - 1]?.[field]).toEqual(d[0]?.[field]);
    });

    it('refuses a sort field that is not offered, with a 400 on sort', async () => {
      const response = await call(ctx.app, 'GET', `${options.base}/list?sort=password_hash`, owner.headers);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body.details)).toContain('sort');
    });

    it('searches: the term finds the record; a term nothing has finds nothing', async () => {
      const created = await add();
      const term = encodeURIComponent(options.searchTermOf(created));
      const found = await call(ctx.app, 'GET', `${options.base}/list?search=${term}&page_size=1000`, owner.headers);
      expect((found.body.data as Record_[]).map((row) => row.id)).toContain(created.id);
      const none = await call(ctx.app, 'GET', `${options.base}/list?search=zz%25no-such-thing_zz`, owner.headers);
      expect(none.body.data).toEqual([]);
    });

    it('names each bad field in the 400 details, in the caller’s language, and writes nothing', async () => {
      const before = await call(ctx.app, 'GET', `${options.base}/list?page_size=1`, owner.headers);
      const response = await call(ctx.app, 'POST', `${options.base}/add`, owner.headers, options.invalid.body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(en.errors.validation_failed);
      const fields = (response.body.details as Array<{ field: string; message: string }>).map((detail) => detail.field);
      for (const field of options.invalid.fields) expect(fields).toContain(field);
      const tamil = await ctx.app.inject({
        method: 'POST',
        url: `${options.base}/add`,
        headers: { ...owner.headers, 'accept-language': 'ta' },
        payload: options.invalid.body,
      });
      expect(tamil.json().message).not.toBe(en.errors.validation_failed);
      const after = await call(ctx.app, 'GET', `${options.base}/list?page_size=1`, owner.headers);
      expect(after.body.pagination).toEqual(before.body.pagination);
    });

    it.each(['company_id', 'id', 'created_at'])('refuses %s in an add or update body (no mass assignment)', async (field) => {
      const body = { ...(await options.createBody(ctx, owner)), [field]: field === 'created_at' ? '2020-01-01T00:00:00Z' : 1 };
      const added = await call(ctx.app, 'POST', `${options.base}/add`, owner.headers, body);
      expect(added.status).toBe(400);
      expect(JSON.stringify(added.body.details)).toContain(field);
      const created = await add();
      const updated = await call(ctx.app, 'PATCH', `${options.base}/update/${created.id}`, owner.headers, { [field]: 1 });
      expect(updated.status).toBe(400);
    });

    it('answers 404 for an id that does not exist, on get, update and delete', async () => {
      for (const [method, url, payload] of [
        ['GET', `${options.base}/get/2147483000`],
        ['PATCH', `${options.base}/update/2147483000`, options.update.body],
        ['DELETE', `${options.base}/delete/2147483000`],
      ] as const) {
        expect((await call(ctx.app, method, url, owner.headers, payload)).status).toBe(404);
      }
    });

    if (!organisation) {
      it("another company's admin gets 404 on get, update and delete, never sees the record in a list, and changes nothing", async () => {
        const created = await add();
        for (const [method, url, payload] of [
          ['GET', `${options.base}/get/${created.id}`],
          ['PATCH', `${options.base}/update/${created.id}`, options.update.body],
          ['DELETE', `${options.base}/delete/${created.id}`],
        ] as const) {
          const response = await call(ctx.app, method, url, stranger.headers, payload);
          expect(response.status, `${method} ${url}`).toBe(404);
          expect(response.body.data).toBeUndefined();
        }
        const list = await call(ctx.app, 'GET', `${options.base}/list?page_size=1000`, stranger.headers);
        expect((list.body.data as Record_[]).map((row) => row.id)).not.toContain(created.id);
        const still = await call(ctx.app, 'GET', `${options.base}/get/${created.id}`, owner.headers);
        expect(still.body.data).toEqual(created);
      });
    } else {
      it("a company's admin cannot add, change or delete (403)", async () => {
        const created = await add();
        expect((await call(ctx.app, 'POST', `${options.base}/add`, stranger.headers, await options.createBody(ctx, owner))).status).toBe(
          403,
        );
        expect((await call(ctx.app, 'PATCH', `${options.base}/update/${created.id}`, stranger.headers, options.update.body)).status).toBe(
          403,
        );
        expect((await call(ctx.app, 'DELETE', `${options.base}/delete/${created.id}`, stranger.headers)).status).toBe(403);
      });
    }
  });
}
