import { documentTypeSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/drivers.en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/drivers.ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { insertDocumentType, insertDriver } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant } from '../../../test/kit.ts';
import { documentTypes, driverDocuments } from '../../db/schema/index.ts';

const tag = () => Math.random().toString(36).slice(2, 10);
let flip = 0;

describeCrudResource('document types', {
  base: '/api/document',
  entity: 'document_type',
  // Alternate the flags so the sorts by required and has_expiry see both values.
  createBody: () => {
    flip++;
    return { name: `Kit Document ${tag()}`, required: flip % 2 === 0, has_expiry: flip % 3 === 0 };
  },
  update: {
    body: { name: `Renamed Document ${tag()}`, required: true, has_expiry: true, status: 0 },
    expect: { required: true, has_expiry: true, status: 0 },
  },
  invalid: { body: { name: '  ', required: 'yes', status: 3 }, fields: ['name', 'required', 'status'] },
  sortFields: documentTypeSortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const names = (body: { data?: unknown }) => (body.data as Array<{ name: string }>).map((row) => row.name);

describe('document type rules', () => {
  it('answers a new type with its defaults (not required, no expiry, active)', async () => {
    const owner = await createTenant(ctx);
    const { status, body } = await call(ctx.app, 'POST', '/api/document/add', owner.headers, { name: 'Driving licence' });
    expect(status).toBe(201);
    expect(body.data).toEqual({
      id: expect.any(Number),
      company_id: owner.company.id,
      name: 'Driving licence',
      required: false,
      has_expiry: false,
      is_licence: false,
      status: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('refuses a name the company already has, whatever its case (409 document_type_name_taken on name), on add and update', async () => {
    const owner = await createTenant(ctx);
    await insertDocumentType(ctx.db, owner.company.id, { name: 'Insurance' });
    const second = await insertDocumentType(ctx.db, owner.company.id, { name: 'Passport' });
    const added = await call(ctx.app, 'POST', '/api/document/add', owner.headers, { name: '  INSURANCE ' });
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({
      error: 'document_type_name_taken',
      message: en.errors.document_type_name_taken,
      details: [{ field: 'name', message: en.errors.document_type_name_taken }],
    });
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/document/update/${second.id}`,
      headers: { ...owner.headers, 'accept-language': 'ta' },
      payload: { name: 'insurance' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      error: 'document_type_name_taken',
      message: ta.errors.document_type_name_taken,
      details: [{ field: 'name' }],
    });
    const [row] = await ctx.db.select().from(documentTypes).where(eq(documentTypes.id, second.id));
    expect(row?.name).toBe('Passport');
    expect(await ctx.db.select().from(documentTypes).where(eq(documentTypes.company_id, owner.company.id))).toHaveLength(2);
  });

  it('keeps one driving licence type per company (409 document_type_licence_taken on is_licence), in English and Tamil', async () => {
    const owner = await createTenant(ctx);
    const licence = await call(ctx.app, 'POST', '/api/document/add', owner.headers, { name: 'Driving licence', is_licence: true });
    expect(licence.status).toBe(201);
    expect(licence.body.data).toMatchObject({ is_licence: true });
    const permit = await insertDocumentType(ctx.db, owner.company.id, { name: 'Taxi permit' });
    for (const [language, catalogue] of [
      ['en', en],
      ['ta', ta],
    ] as const) {
      const second = await call(
        ctx.app,
        'PATCH',
        `/api/document/update/${permit.id}`,
        { ...owner.headers, 'accept-language': language },
        { is_licence: true },
      );
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({
        error: 'document_type_licence_taken',
        message: catalogue.errors.document_type_licence_taken,
        details: [{ field: 'is_licence' }],
      });
    }
    // Another company has its own.
    const other = await createTenant(ctx);
    expect((await call(ctx.app, 'POST', '/api/document/add', other.headers, { name: 'Licence', is_licence: true })).status).toBe(201);
  });

  it('lets another company use the same name, and a type keep its own name in another case', async () => {
    const owner = await createTenant(ctx);
    const other = await createTenant(ctx);
    const mine = await insertDocumentType(ctx.db, owner.company.id, { name: 'Identity card' });
    expect((await call(ctx.app, 'POST', '/api/document/add', other.headers, { name: 'Identity card' })).status).toBe(201);
    const recased = await call(ctx.app, 'PATCH', `/api/document/update/${mine.id}`, owner.headers, { name: 'IDENTITY CARD' });
    expect(recased.status).toBe(200);
    expect(recased.body.data).toMatchObject({ name: 'IDENTITY CARD' });
  });

  it("refuses to delete a type a driver's document uses (409 document_type_in_use), in English and Tamil, and keeps it", async () => {
    const owner = await createTenant(ctx);
    const type = await insertDocumentType(ctx.db, owner.company.id, { name: 'Licence', required: true, has_expiry: true });
    const { driver } = await insertDriver(ctx.db, owner.company.id);
    await ctx.db.insert(driverDocuments).values({
      company_id: owner.company.id,
      driver_id: driver.id,
      document_type_id: type.id,
      file_name: 'licence.pdf',
      stored_name: `doc-${tag()}-${tag()}`,
      content_type: 'application/pdf',
      size_bytes: 1234,
    });
    const refused = await call(ctx.app, 'DELETE', `/api/document/delete/${type.id}`, owner.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'document_type_in_use', message: en.errors.document_type_in_use });
    const tamil = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/document/delete/${type.id}`,
      headers: { ...owner.headers, 'accept-language': 'ta' },
    });
    expect(tamil.statusCode).toBe(409);
    expect(tamil.json()).toMatchObject({ error: 'document_type_in_use', message: ta.errors.document_type_in_use });
    expect((await call(ctx.app, 'GET', `/api/document/get/${type.id}`, owner.headers)).status).toBe(200);
    // An unused type of the same company still goes.
    const unused = await insertDocumentType(ctx.db, owner.company.id);
    expect((await call(ctx.app, 'DELETE', `/api/document/delete/${unused.id}`, owner.headers)).status).toBe(200);
  });

  it('filters required types with required=1 and inactive ones with status=0', async () => {
    const owner = await createTenant(ctx);
    await insertDocumentType(ctx.db, owner.company.id, { name: 'Required Active', required: true });
    await insertDocumentType(ctx.db, owner.company.id, { name: 'Optional Inactive', status: 0 });
    await insertDocumentType(ctx.db, owner.company.id, { name: 'Required Inactive', required: true, status: 0 });
    const required = await call(ctx.app, 'GET', '/api/document/list?required=1', owner.headers);
    expect(names(required.body)).toEqual(['Required Active', 'Required Inactive']);
    const optional = await call(ctx.app, 'GET', '/api/document/list?required=0', owner.headers);
    expect(names(optional.body)).toEqual(['Optional Inactive']);
    const inactive = await call(ctx.app, 'GET', '/api/document/list?status=0', owner.headers);
    expect(names(inactive.body)).toEqual(['Optional Inactive', 'Required Inactive']);
    const both = await call(ctx.app, 'GET', '/api/document/list?required=1&status=0', owner.headers);
    expect(names(both.body)).toEqual(['Required Inactive']);
    const bad = await call(ctx.app, 'GET', '/api/document/list?required=yes', owner.headers);
    expect(bad.status).toBe(400);
  });

  it('is for admins: a driver gets 403', async () => {
    const owner = await createTenant(ctx);
    const driver = await addUser(ctx, owner.company.id, 'driver');
    expect((await call(ctx.app, 'GET', '/api/document/list', driver.headers)).status).toBe(403);
    expect((await call(ctx.app, 'POST', '/api/document/add', driver.headers, { name: 'Driver Document' })).status).toBe(403);
  });
});
