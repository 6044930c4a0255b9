import type { SearchResult } from '@ps/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingPlace, insertBooking, insertBookingPlace } from '../../../test/factories/booking-rows.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { insertDriver } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createCompanyThroughApi, createSuperAdmin, createTenant, type Headers, type Tenant } from '../../../test/kit.ts';
import { agencies, bookings, users } from '../../db/schema/index.ts';
import { bookingMatches } from './search.repository.ts';
import { searchTerms } from './search.terms.ts';

let ctx: TestContext;
let owner: Tenant & { company: { id: number } };
let place: BookingPlace;
let ada: Awaited<ReturnType<typeof insertBooking>>;
let adaEarlier: Awaited<ReturnType<typeof insertBooking>>;
let driverId: number;
let agencyId: number;

const search = async (headers: Headers, q: string) => {
  const response = await call(ctx.app, 'GET', `/api/search?q=${encodeURIComponent(q)}`, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as SearchResult;
};
const references = (result: SearchResult) => result.bookings.map((booking) => booking.reference);

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
  place = await insertBookingPlace(ctx.db, owner.company.id);
  adaEarlier = await insertBooking(ctx.db, owner.company.id, place, {
    customer_name: 'Ada Lovelace',
    vehicle_reg: 'AB12 CDE',
    customer_phone: '+44 7700 900123',
    reference: 'PS-9XWZ-3N',
    created_at: new Date('2026-01-10T09:00:00Z'),
  });
  ada = await insertBooking(ctx.db, owner.company.id, place, {
    customer_name: 'Ada Lovelace',
    vehicle_reg: 'AB12 CDE',
    customer_phone: '+44 7700 900123',
    reference: 'PS-7KQ4-2M',
    created_at: new Date('2026-03-01T09:00:00Z'),
  });
  await insertBooking(ctx.db, owner.company.id, place, {
    customer_name: 'Charles Babbage',
    vehicle_reg: 'XY70 QRS',
    customer_phone: '01632 960001',
    reference: 'PS-HJ5T-8P',
    created_at: new Date('2026-02-01T09:00:00Z'),
  });
  const { driver, user } = await insertDriver(ctx.db, owner.company.id, { first_name: 'Kavin', last_name: 'Rajendran' });
  await ctx.db.update(users).set({ phn_nbr: '771234567' }).where(eq(users.id, user.id));
  driverId = driver.id;
  const [agency] = await ctx.db
    .insert(agencies)
    .values({ company_id: owner.company.id, name: 'Lanka Holidays', commission_percent: '10' })
    .returning();
  agencyId = agency?.id ?? 0;
});
afterAll(() => ctx?.close());

describe('the global search finds', () => {
  it('a booking by the start of its reference, with or without PS- and its dashes, in any case', async () => {
    for (const typed of ['PS-7KQ4-2M', 'ps-7kq4-2m', 'PS7KQ4', '7KQ4', '7kq', 'PS-7K', 'ps 7kq4 2']) {
      expect(references(await search(owner.headers, typed)), typed).toEqual(['PS-7KQ4-2M']);
    }
    // The middle of a reference is not its start; "PS" alone starts every reference and finds none by it.
    expect(references(await search(owner.headers, 'KQ4'))).toEqual([]);
    expect(references(await search(owner.headers, 'PS'))).toEqual([]);
  });

  it('a booking by its registration, spaces and case ignored, the newest made first', async () => {
    for (const typed of ['ab12cde', 'AB 12 CDE', 'b12 cd', '12C']) {
      expect(references(await search(owner.headers, typed)), typed).toEqual([ada.reference, adaEarlier.reference]);
    }
    // Two characters: the start of the registration only.
    expect(references(await search(owner.headers, 'ab'))).toEqual([ada.reference, adaEarlier.reference]);
    expect(references(await search(owner.headers, 'CD'))).toEqual([]);
    expect(references(await search(owner.headers, '12'))).toEqual([]);
  });

  it("a booking by the customer's name, anywhere in it (two characters: the start of a word)", async () => {
    expect(references(await search(owner.headers, 'lovel'))).toEqual([ada.reference, adaEarlier.reference]);
    expect(references(await search(owner.headers, 'ADA LOVE'))).toEqual([ada.reference, adaEarlier.reference]);
    expect((await search(owner.headers, 'bbag')).bookings.map((booking) => booking.customer_name)).toEqual(['Charles Babbage']);
    expect((await search(owner.headers, 'ba')).bookings.map((booking) => booking.customer_name)).toEqual(['Charles Babbage']);
    expect((await search(owner.headers, 'ab')).bookings.map((booking) => booking.customer_name)).not.toContain('Charles Babbage');
  });

  it("a booking by the customer's phone digits, however they are written", async () => {
    for (const typed of ['07700 900123', '+44 7700 900 123', '(0)7700-900123', '900123', '4477']) {
      expect(references(await search(owner.headers, typed)), typed).toEqual([ada.reference, adaEarlier.reference]);
    }
    expect((await search(owner.headers, '01632 960001')).bookings.map((booking) => booking.customer_name)).toEqual(['Charles Babbage']);
  });

  it('what identifies a booking: reference, registration, customer, status, type and the days of the stay', async () => {
    const [hit] = (await search(owner.headers, ada.reference)).bookings;
    expect(hit).toEqual({
      id: ada.id,
      reference: ada.reference,
      vehicle_reg: 'AB12 CDE',
      customer_name: 'Ada Lovelace',
      status: 'confirmed',
      type: 'parking',
      start_day: ada.start_day,
      end_day: ada.end_day,
    });
  });

  it('a driver by name or phone, and an agency by name', async () => {
    const byName = await search(owner.headers, 'kavin raj');
    expect(byName.drivers).toEqual([{ id: driverId, first_name: 'Kavin', last_name: 'Rajendran', phone: '771234567' }]);
    expect((await search(owner.headers, '0771 234')).drivers.map((driver) => driver.id)).toEqual([driverId]);
    expect((await search(owner.headers, 'ra')).drivers.map((driver) => driver.id)).toEqual([driverId]);
    expect((await search(owner.headers, 'holid')).agencies).toEqual([{ id: agencyId, name: 'Lanka Holidays', status: 1 }]);
    expect(byName.searched).toEqual(['bookings', 'drivers', 'agencies']);
  });

  it('a % or _ typed is looked for as itself', async () => {
    expect((await search(owner.headers, '%%%')).bookings).toEqual([]);
    expect((await search(owner.headers, 'a_a')).bookings).toEqual([]);
  });

  it('at most 5 of a kind, and says there are more', async () => {
    const tag = uniqueTag();
    for (let index = 0; index < 6; index++) {
      await insertBooking(ctx.db, owner.company.id, place, { customer_name: `Grace Hopper ${tag}` });
    }
    const result = await search(owner.headers, `hopper ${tag}`);
    expect(result.bookings).toHaveLength(5);
    expect(result.more).toEqual(['bookings']);
    expect((await search(owner.headers, 'lovelace')).more).toEqual([]);
  });
});

describe('the search is the caller’s', () => {
  it("finds nothing of another company's for that company's admin, whatever is typed", async () => {
    const other = await createCompanyThroughApi(ctx);
    for (const typed of [ada.reference, 'AB12CDE', 'Lovelace', '07700 900123', 'Kavin', 'Lanka', 'ab']) {
      const result = await search(other.headers, typed);
      expect(result, typed).toEqual({ searched: ['bookings', 'drivers', 'agencies'], bookings: [], drivers: [], agencies: [], more: [] });
    }
  });

  it('searches only the kinds a role may view: without bookings.view no booking, without drivers.view no driver', async () => {
    const role = await call(ctx.app, 'POST', '/api/role/add', owner.headers, {
      name: `Driver desk ${uniqueTag()}`,
      permissions: ['drivers.view', 'agencies.view'],
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const clerk = await addUser(ctx, owner.company.id, 'admin');
    const assigned = await call(ctx.app, 'PATCH', `/api/user/role/${clerk.user.id}`, owner.headers, {
      role_id: (role.body.data as { id: number }).id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    const lovelace = await search(clerk.headers, 'Lovelace');
    expect(lovelace.searched).toEqual(['drivers', 'agencies']);
    expect(lovelace.bookings).toEqual([]);
    expect((await search(clerk.headers, 'Kavin')).drivers.map((driver) => driver.id)).toEqual([driverId]);

    const bookingsOnly = await call(ctx.app, 'POST', '/api/role/add', owner.headers, {
      name: `Bookings desk ${uniqueTag()}`,
      permissions: ['bookings.view'],
    });
    const desk = await addUser(ctx, owner.company.id, 'admin');
    await call(ctx.app, 'PATCH', `/api/user/role/${desk.user.id}`, owner.headers, {
      role_id: (bookingsOnly.body.data as { id: number }).id,
    });
    const deskResult = await search(desk.headers, 'Kavin');
    expect(deskResult.searched).toEqual(['bookings']);
    expect(deskResult.drivers).toEqual([]);
    expect(references(await search(desk.headers, 'Lovelace'))).toEqual([ada.reference, adaEarlier.reference]);
  });

  it('a driver searches nothing, and the organisation’s super admin (no company) is refused', async () => {
    const driver = await addUser(ctx, owner.company.id, 'driver');
    expect(await search(driver.headers, 'Lovelace')).toEqual({ searched: [], bookings: [], drivers: [], agencies: [], more: [] });
    const superAdmin = await createSuperAdmin(ctx);
    expect((await call(ctx.app, 'GET', '/api/search?q=Lovelace', superAdmin.headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/search?q=Lovelace', {})).status).toBe(401);
  });
});

describe('a search the API refuses', () => {
  it('fewer than 2 characters (spaces do not count) is a 400 on q, in English and in Tamil', async () => {
    for (const q of ['a', '  a  ', '']) {
      const english = await call(ctx.app, 'GET', `/api/search?q=${encodeURIComponent(q)}`, owner.headers);
      expect(english.status).toBe(400);
      expect(english.body).toMatchObject({
        error: 'validation_failed',
        message: 'Some fields need your attention.',
        details: [{ field: 'q', message: 'Minimum 2 characters' }],
      });
    }
    const tamil = await call(ctx.app, 'GET', '/api/search?q=a', { ...owner.headers, 'accept-language': 'ta' });
    expect(tamil.status).toBe(400);
    expect(tamil.body).toMatchObject({
      message: 'சில புலங்களைச் சரிசெய்ய வேண்டும்.',
      details: [{ field: 'q', message: 'குறைந்தது 2 எழுத்துகள்' }],
    });
    const missing = await call(ctx.app, 'GET', '/api/search', owner.headers);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ details: [{ field: 'q' }] });
    const long = await call(ctx.app, 'GET', `/api/search?q=${'x'.repeat(101)}`, owner.headers);
    expect(long.status).toBe(400);
  });
});

describe('the bookings search reads its indexes (migration 0019)', () => {
  /**
   * The index each condition of the bookings search is read by, sequential scans off (the plan a company's 100,000
   * bookings get, bench/search.ts): a condition whose expression drifted from its index's (db/searchKeys.ts) would leave
   * that field to a scan of every booking, and name no index here.
   */
  const rolledBack = new Error('rolled back');
  async function indexOfEachCondition(text: string): Promise<string[]> {
    const found: string[] = [];
    for (const condition of bookingMatches(searchTerms(text))) {
      const query = ctx.db.select({ id: bookings.id }).from(bookings).where(condition).toSQL();
      // EXPLAIN takes no parameters: the values (strings) are written into the statement.
      const statement = query.params.reduce<string>(
        (written, value, index) => written.replace(new RegExp(`\\$${index + 1}(?!\\d)`), `'${String(value).replace(/'/g, "''")}'`),
        query.sql,
      );
      let lines = '';
      await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          // The bookings list's btree indexes (migration 0032: its sorts) would answer a handful of test rows by a full
          // index read with a filter; a company's 100,000 bookings are not. Dropped in this transaction only (rolled back).
          await tx.execute(sql`drop index bookings_list_reg_idx, bookings_list_name_idx`);
          const plan = (await tx.execute(sql.raw(`explain ${statement}`))) as unknown as { rows: Array<Record<string, string>> };
          lines = plan.rows.map((row) => Object.values(row)[0]).join('\n');
          throw rolledBack;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
      found.push(lines.match(/bookings_search_\w+_idx/)?.[0] ?? `no index: ${lines}`);
    }
    return found;
  }

  it('the reference by its start, the registration, the name and the phone digits, each by its own index', async () => {
    expect(await indexOfEachCondition('07700 900123')).toEqual([
      'bookings_search_reference_idx',
      'bookings_search_reference_idx',
      'bookings_search_reg_idx',
      'bookings_search_name_idx',
      'bookings_search_phone_idx',
    ]);
    // Two characters: the starts of the registration and of the name's words, from the same indexes.
    expect(await indexOfEachCondition('ab')).toEqual([
      'bookings_search_reference_idx',
      'bookings_search_reg_idx',
      'bookings_search_name_idx',
    ]);
  });
});
