import { positionSortFields } from '@ps/contracts/positions';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { createYard } from '../../../test/factories/places.ts';
import { createTestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';

// The kit's behaviour, proved for this resource: create, read, update and delete with their audit entries, paging,
// sorting, search, field errors in both languages, unknown fields refused, and a second company's admin kept out.
describeCrudResource('positions', {
  base: '/api/position',
  entity: 'position',
  createBody: async (ctx, tenant) => {
    const yard = await createYard(ctx.db, (tenant.company as { id: number }).id);
    return { yard_id: yard.id, name: `Bay ${uniqueTag()}`, notes: 'By the north gate' };
  },
  update: { body: { notes: 'By the south gate' }, expect: { notes: 'By the south gate' } },
  invalid: { body: { name: '   ' }, fields: ['name'] },
  sortFields: positionSortFields,
  searchTermOf: (record) => String(record.name),
});

describe('a position belongs to one place', () => {
  it('is named once per place, needs exactly one place of the company, and names its place', async () => {
    const ctx = await createTestContext();
    try {
      const tenant = (await createTenant(ctx)) as Tenant & { company: { id: number } };
      const other = (await createTenant(ctx)) as Tenant & { company: { id: number } };
      const north = await createYard(ctx.db, tenant.company.id, { name: 'North yard' });
      const south = await createYard(ctx.db, tenant.company.id, { name: 'South yard' });
      const foreign = await createYard(ctx.db, other.company.id);
      const add = (body: object) => call(ctx.app, 'POST', '/api/position/add', tenant.headers, body);

      const a12 = await add({ yard_id: north.id, name: 'A12' });
      expect(a12.status, JSON.stringify(a12.body)).toBe(201);
      expect(a12.body.data).toMatchObject({ kind: 'bay', yard_id: north.id, location_id: null, place_name: 'North yard' });
      // The same name in another yard is another position; in the same yard (any case) it is taken.
      expect((await add({ yard_id: south.id, name: 'A12' })).status).toBe(201);
      const twice = await add({ yard_id: north.id, name: 'a12', kind: 'zone' });
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });

      const nowhere = await add({ name: 'B1' });
      expect(nowhere.status).toBe(400);
      expect(nowhere.body.details).toEqual([expect.objectContaining({ field: 'yard_id' })]);
      expect((await add({ yard_id: foreign.id, name: 'B1' })).body.details).toEqual([expect.objectContaining({ field: 'yard_id' })]);

      const listed = await call(ctx.app, 'GET', `/api/position/list?yard_id=${south.id}`, tenant.headers);
      expect(
        (listed.body.data as Array<{ name: string; place_name: string }>).map((row: { name: string; place_name: string }) => [
          row.name,
          row.place_name,
        ]),
      ).toEqual([['A12', 'South yard']]);
    } finally {
      await ctx.close();
    }
  });
});
