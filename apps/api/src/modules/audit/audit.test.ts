import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAirport, createCompanyWithAdmin, createLocation, randomIata, signIn } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { airports, auditLog } from '../../db/schema/index.ts';
import { diffRecords, recordAudit } from '../../kit/audit.ts';

describe('diffRecords', () => {
  const at = (iso: string) => new Date(iso);

  it('lists every field with its new value on create, leaving out the bookkeeping timestamps', () => {
    expect(
      diffRecords(undefined, {
        id: 7,
        name: 'Heathrow',
        status: 1,
        core_airport_id: null,
        created_at: at('2024-01-01'),
        updated_at: at('2024-01-01'),
      }),
    ).toEqual({ id: { to: 7 }, name: { to: 'Heathrow' }, status: { to: 1 }, core_airport_id: { to: null } });
  });

  it('lists every field with its old value on delete', () => {
    expect(diffRecords({ id: 7, name: 'Heathrow', updated_at: at('2024-01-01') }, undefined)).toEqual({
      id: { from: 7 },
      name: { from: 'Heathrow' },
    });
  });

  it('lists only the changed fields on update, with from and to', () => {
    const before = { id: 7, name: 'Old', iata_code: 'LHR', status: 1, core_airport_id: null, updated_at: at('2024-01-01') };
    const after = { id: 7, name: 'New', iata_code: 'LHR', status: 0, core_airport_id: 3, updated_at: at('2024-02-01') };
    expect(diffRecords(before, after)).toEqual({
      name: { from: 'Old', to: 'New' },
      status: { from: 1, to: 0 },
      core_airport_id: { from: null, to: 3 },
    });
  });

  it('finds no change when only the timestamps moved or equal dates are different objects', () => {
    const before = { id: 7, name: 'Same', seen_at: at('2024-03-01T10:00:00Z'), updated_at: at('2024-01-01') };
    const after = { id: 7, name: 'Same', seen_at: at('2024-03-01T10:00:00Z'), updated_at: at('2024-05-01') };
    expect(diffRecords(before, after)).toEqual({});
  });

  it('records dates as ISO strings and a field that appears or disappears as null on the missing side', () => {
    expect(diffRecords({ id: 1, seen_at: at('2024-03-01T10:00:00Z') }, { id: 1, seen_at: at('2024-03-02T10:00:00Z'), extra: 'x' })).toEqual(
      {
        seen_at: { from: '2024-03-01T10:00:00.000Z', to: '2024-03-02T10:00:00.000Z' },
        extra: { from: null, to: 'x' },
      },
    );
  });

  it('compares structured values by content', () => {
    expect(diffRecords({ tags: ['a', 'b'] }, { tags: ['a', 'b'] })).toEqual({});
    expect(diffRecords({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({ tags: { from: ['a'], to: ['a', 'b'] } });
  });

  it('records a change of a secret field as "[changed]" without either value', () => {
    const changes = diffRecords(
      { id: 1, password_hash: '$argon2id$old-hash', totp_secret: 'OLDSECRET', client_key: 'old-key', name: 'A' },
      { id: 1, password_hash: '$argon2id$new-hash', totp_secret: 'NEWSECRET', client_key: 'new-key', name: 'B' },
    );
    expect(changes).toEqual({
      password_hash: { to: '[changed]' },
      totp_secret: { to: '[changed]' },
      client_key: { to: '[changed]' },
      name: { from: 'A', to: 'B' },
    });
    const text = JSON.stringify(changes);
    for (const secret of ['old-hash', 'new-hash', 'OLDSECRET', 'NEWSECRET', 'old-key', 'new-key']) expect(text).not.toContain(secret);
  });

  it('leaves out a secret field that did not change and never writes a secret on create', () => {
    expect(diffRecords({ password_hash: 'same-hash', name: 'A' }, { password_hash: 'same-hash', name: 'B' })).toEqual({
      name: { from: 'A', to: 'B' },
    });
    const created = diffRecords(undefined, { id: 3, password_hash: 'fresh-hash' });
    expect(created.password_hash).toEqual({ to: '[changed]' });
    expect(JSON.stringify(created)).not.toContain('fresh-hash');
    const deleted = diffRecords({ id: 3, password_hash: 'gone-hash' }, undefined);
    expect(JSON.stringify(deleted)).not.toContain('gone-hash');
  });
});

describe('audit log of airport changes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  async function tenant() {
    const { company, admin } = await createCompanyWithAdmin(ctx.db);
    const { bearer } = await signIn(ctx.app, admin.email ?? '', admin.password);
    return { company, admin, headers: bearer };
  }

  async function auditRows(companyId: number) {
    return ctx.db.select().from(auditLog).where(eq(auditLog.company_id, companyId)).orderBy(asc(auditLog.id));
  }

  it('writes one "create" row with who, what and the new values', async () => {
    const { company, admin, headers } = await tenant();
    const code = randomIata();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: { iata_code: code.toLowerCase(), name: 'Audit Field', country_id: 94, time_zone: 'Asia/Colombo' },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id as number;
    const rows = await auditRows(company.id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      company_id: company.id,
      actor_user_id: admin.id,
      entity: 'airport',
      entity_id: String(id),
      action: 'create',
    });
    expect(row?.created_at).toBeInstanceOf(Date);
    expect(row?.changes).toMatchObject({
      id: { to: id },
      company_id: { to: company.id },
      iata_code: { to: code },
      name: { to: 'Audit Field' },
      country_id: { to: 94 },
      time_zone: { to: 'Asia/Colombo' },
      status: { to: 1 },
    });
    expect(row?.changes).not.toHaveProperty('updated_at');
    expect(row?.changes).not.toHaveProperty('created_at');
    for (const change of Object.values(row?.changes ?? {})) expect(change).not.toHaveProperty('from');
  });

  it('writes one "update" row with only the changed fields, from and to', async () => {
    const { company, admin, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id, { name: 'Before Name' });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { name: 'After Name' },
    });
    expect(response.statusCode).toBe(200);
    const rows = await auditRows(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      company_id: company.id,
      actor_user_id: admin.id,
      entity: 'airport',
      entity_id: String(airport.id),
      action: 'update',
    });
    expect(rows[0]?.changes).toEqual({ name: { from: 'Before Name', to: 'After Name' } });

    const toggle = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { status: 0, name: 'After Name' },
    });
    expect(toggle.statusCode).toBe(200);
    const after = await auditRows(company.id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ action: 'update', entity_id: String(airport.id) });
    expect(after[1]?.changes).toEqual({ status: { from: 1, to: 0 } });
  });

  it('writes no row for an update that changes nothing', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id, { name: 'Steady Name', status: 1 });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { name: 'Steady Name', status: 1, iata_code: airport.iata_code.toLowerCase(), time_zone: airport.time_zone },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Steady Name');
    expect(await auditRows(company.id)).toHaveLength(0);
  });

  it('writes one "delete" row with the old values', async () => {
    const { company, admin, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id, { name: 'Doomed Field' });
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/airport/delete/${airport.id}`, headers });
    expect(response.statusCode).toBe(200);
    const rows = await auditRows(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      company_id: company.id,
      actor_user_id: admin.id,
      entity: 'airport',
      entity_id: String(airport.id),
      action: 'delete',
    });
    expect(rows[0]?.changes).toMatchObject({
      id: { from: airport.id },
      iata_code: { from: airport.iata_code },
      name: { from: 'Doomed Field' },
      status: { from: 1 },
    });
    for (const change of Object.values(rows[0]?.changes ?? {})) expect(change).not.toHaveProperty('to');
  });

  it('writes nothing and changes nothing when a write is refused with 409', async () => {
    const { company, headers } = await tenant();
    const taken = await createAirport(ctx.db, company.id);
    const airport = await createAirport(ctx.db, company.id, { name: 'Stays Put' });

    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: { iata_code: taken.iata_code, name: 'Duplicate', country_id: 826, time_zone: 'Europe/London' },
    });
    expect(duplicate.statusCode).toBe(409);

    const clash = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { iata_code: taken.iata_code, name: 'Renamed' },
    });
    expect(clash.statusCode).toBe(409);

    await createLocation(ctx.db, company.id, airport.id);
    const inUse = await ctx.app.inject({ method: 'DELETE', url: `/api/airport/delete/${airport.id}`, headers });
    expect(inUse.statusCode).toBe(409);

    const badCountry = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { country_id: 999_999 },
    });
    expect(badCountry.statusCode).toBe(400);

    expect(await auditRows(company.id)).toHaveLength(0);
    const stored = await ctx.db.select().from(airports).where(eq(airports.company_id, company.id)).orderBy(asc(airports.id));
    expect(stored).toEqual([taken, airport]);
  });

  it('writes nothing for refused or foreign calls (400, 404)', async () => {
    const owner = await tenant();
    const intruder = await tenant();
    const airport = await createAirport(ctx.db, owner.company.id);
    const invalid = await ctx.app.inject({ method: 'POST', url: '/api/airport/add', headers: owner.headers, payload: { name: 'No code' } });
    expect(invalid.statusCode).toBe(400);
    const foreign = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers: intruder.headers,
      payload: { name: 'Mine now' },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await ctx.app.inject({ method: 'DELETE', url: `/api/airport/delete/${airport.id}`, headers: intruder.headers });
    expect(foreignDelete.statusCode).toBe(404);
    expect(await auditRows(owner.company.id)).toHaveLength(0);
    expect(await auditRows(intruder.company.id)).toHaveLength(0);
    const byEntity = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'airport'), eq(auditLog.entity_id, String(airport.id))));
    expect(byEntity).toHaveLength(0);
  });

  it('recordAudit writes the entry inside the caller’s transaction: a rollback takes it away', async () => {
    const { company, admin } = await tenant();
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, {
          companyId: company.id,
          actorUserId: admin.id,
          entity: 'airport',
          entityId: 42,
          action: 'update',
          before: { name: 'a' },
          after: { name: 'b' },
        });
        expect(await tx.select().from(auditLog).where(eq(auditLog.company_id, company.id))).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await auditRows(company.id)).toHaveLength(0);

    await recordAudit(ctx.db, {
      companyId: company.id,
      actorUserId: admin.id,
      entity: 'user',
      entityId: admin.id,
      action: 'update',
      before: { password_hash: 'old-secret-hash' },
      after: { password_hash: 'new-secret-hash' },
    });
    const rows = await auditRows(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity: 'user', entity_id: String(admin.id), changes: { password_hash: { to: '[changed]' } } });
    expect(JSON.stringify(rows[0]?.changes)).not.toMatch(/secret-hash/);

    await recordAudit(ctx.db, {
      companyId: company.id,
      actorUserId: admin.id,
      entity: 'user',
      entityId: admin.id,
      action: 'update',
      before: { a: 1 },
      after: { a: 1 },
    });
    expect(await auditRows(company.id)).toHaveLength(1);
  });
});
