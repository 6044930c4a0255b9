import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bookingStatuses } from '@ps/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRowValues, insertSite, type Site } from '../../test/factories/statistics-rows.ts';
import { createAirport } from '../../test/factories.ts';
import { createServerDatabase, createTestContext, type TestContext } from '../../test/harness.ts';
import { type Database, type Db, openDatabase } from './client.ts';
import { seedReferenceData } from './reference.ts';
import { bookings } from './schema/index.ts';

/**
 * booking_departure_slots is kept by triggers on bookings (migration 0007). Whatever is written to bookings, by
 * whatever statement, the summary must equal the bookings' own aggregate: checked here after every step of a
 * seeded random sequence of writes, on both databases (PGlite and PostgreSQL when TEST_DATABASE_URL is set).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const listOf = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const MINUTE = 60_000;
const SLOT = 15 * MINUTE;

/** A small seeded PRNG (mulberry32): the same sequence on every run, so a failure can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  };
  return { next, int, pick };
}

/**
 * Where the summary and the bookings disagree for these companies. The bookings' side buckets by its own
 * arithmetic (epoch seconds floored to 900), not by the migration's booking_departure_slot(), so a wrong slot
 * rule is caught too. A summary row at 0 bookings must also be at 0 revenue.
 */
async function mismatches(db: Db, companyIds: number[]) {
  const ids = listOf(companyIds);
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with summary as (
        select company_id, slot, bookings, revenue from booking_departure_slots where company_id in (${ids})
      ),
      counted as (
        select company_id, to_timestamp(floor(extract(epoch from departure_at) / 900) * 900) as slot,
          count(*)::int as bookings, sum(total)::bigint as revenue
        from bookings where company_id in (${ids}) and status <> 'cancelled'
        group by 1, 2
      )
      select company_id, slot, summary.bookings as summary_bookings, counted.bookings as bookings,
        summary.revenue as summary_revenue, counted.revenue as revenue
      from summary full join counted using (company_id, slot)
      where coalesce(summary.bookings, 0) <> coalesce(counted.bookings, 0)
        or coalesce(summary.revenue, 0) <> coalesce(counted.revenue, 0)`),
  );
}

const slotRows = async (db: Db, companyIds: number[]) =>
  rowsOf<{ bookings: number }>(
    await db.execute(sql`select bookings from booking_departure_slots where company_id in (${listOf(companyIds)}) and bookings <> 0`),
  );

describe('booking_departure_slots', () => {
  it('equals the bookings aggregate after every step of a random sequence of inserts, updates and deletes', async () => {
    const random = prng(20_261_124);
    const sites: Site[] = [await insertSite(ctx.db), await insertSite(ctx.db)];
    const companyIds = sites.map((site) => site.companyId);
    const live = new Set<number>();
    // Four days around London's clock change (29 March 2026): few slots, so writes keep meeting in the same ones.
    const windowStart = Date.parse('2026-03-27T00:00:00Z');
    const departure = () => {
      const slot = windowStart + random.int(0, 4 * 96 - 1) * SLOT;
      // On a slot's first instant, on the previous slot's last millisecond, or anywhere inside.
      const offset = random.pick([0, 0, -1, random.int(1, SLOT - 1)]);
      return new Date(slot + offset);
    };
    const status = () => (random.next() < 0.3 ? 'cancelled' : random.pick(bookingStatuses));
    const stay = () => {
      const departure_at = departure();
      return { departure_at, arrival_at: new Date(departure_at.getTime() + random.int(1, 5 * 24 * 60) * MINUTE) };
    };
    const newRow = () => bookingRowValues(random.pick(sites), { ...stay(), total: random.int(0, 20_000), status: status() });
    const insert = async (count: number) => {
      const rows = Array.from({ length: count }, newRow);
      const inserted = await ctx.db.insert(bookings).values(rows).returning({ id: bookings.id });
      for (const row of inserted) live.add(row.id);
    };
    const someIds = (count: number) => {
      const ids = [...live.keys()];
      return Array.from(new Set(Array.from({ length: count }, () => random.pick(ids))));
    };
    const update = (ids: number[], set: SQL) => ctx.db.execute(sql`update bookings set ${set} where id in (${listOf(ids)})`);

    const steps: Array<[weight: number, name: string, run: () => Promise<unknown>]> = [
      [18, 'insert one', () => insert(1)],
      [12, 'insert several in one statement', () => insert(random.int(2, 15))],
      [
        14,
        'move a departure',
        async () => {
          const next = stay();
          await ctx.db.execute(
            sql`update bookings set departure_at = ${next.departure_at.toISOString()}, arrival_at = ${next.arrival_at.toISOString()} where id = ${someIds(1)[0]}`,
          );
        },
      ],
      [
        10,
        'change a total',
        async () => {
          const total = random.int(0, 20_000);
          await update(someIds(1), sql`base_price = ${total}, total = ${total}`);
        },
      ],
      [14, 'change a status (to and from cancelled)', () => update(someIds(1), sql`status = ${status()}`)],
      [
        6,
        'move several departures in one statement',
        () => {
          const minutes = random.int(-180, 180);
          return update(
            someIds(random.int(2, 10)),
            sql`departure_at = departure_at + ${minutes} * interval '1 minute', arrival_at = arrival_at + ${minutes} * interval '1 minute'`,
          );
        },
      ],
      [
        5,
        'change several statuses and totals in one statement',
        () => update(someIds(random.int(2, 10)), sql`status = ${status()}, base_price = total + 1, total = total + 1`),
      ],
      [3, 'change nothing the summary counts', () => update(someIds(random.int(1, 5)), sql`notes = 'rang twice'`)],
      [8, 'delete one', () => ctx.db.delete(bookings).where(inArray(bookings.id, someIds(1)))],
      [4, 'delete several in one statement', () => ctx.db.delete(bookings).where(inArray(bookings.id, someIds(random.int(2, 6))))],
    ];
    const ceilings = steps.map((_, index) => steps.slice(0, index + 1).reduce((sum, [weight]) => sum + weight, 0));
    const totalWeight = ceilings.at(-1) ?? 0;
    const history: string[] = [];
    for (let step = 0; step < 300; step++) {
      // A step by weight; with fewer than 5 bookings left, a multi-row insert (the others need rows to work on).
      const roll = random.next() * totalWeight;
      const index = Math.max(
        0,
        ceilings.findIndex((ceiling) => roll < ceiling),
      );
      const chosen = steps[live.size < 5 && index > 1 ? 1 : index];
      if (!chosen) throw new Error('no step');
      const [, name, run] = chosen;
      await run();
      history.push(name);
      // The step's name in the failure says how far the sequence got.
      expect({ step, name, mismatches: await mismatches(ctx.db, companyIds) }).toEqual({ step, name, mismatches: [] });
      // Deleted rows leave the map only after the database did.
      const remaining = rowsOf<{ id: number }>(
        await ctx.db.execute(sql`select id from bookings where company_id in (${listOf(companyIds)})`),
      );
      const ids = new Set(remaining.map((row) => Number(row.id)));
      for (const id of live) if (!ids.has(id)) live.delete(id);
    }
    // The sequence did exercise every kind of write, and the summary holds something.
    expect(new Set(history).size).toBe(steps.length);
    expect((await slotRows(ctx.db, companyIds)).length).toBeGreaterThan(20);
  });

  it('is unchanged by a write that is rolled back or refused', async () => {
    const site = await insertSite(ctx.db);
    const at = new Date('2026-06-01T10:07:00Z');
    const row = bookingRowValues(site, { departure_at: at, arrival_at: new Date(at.getTime() + 86_400_000), total: 900 });
    await ctx.db.insert(bookings).values(row);
    const before = await ctx.db.execute(
      sql`select slot, bookings, revenue from booking_departure_slots where company_id = ${site.companyId}`,
    );
    expect(rowsOf<{ bookings: number; revenue: number | string }>(before).map((slot) => [slot.bookings, Number(slot.revenue)])).toEqual([
      [1, 900],
    ]);

    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(bookings).values({ ...row, reference: 'PS-ROLL-BK' });
        await tx.execute(sql`update bookings set status = 'cancelled' where company_id = ${site.companyId}`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A multi-row insert whose second row breaks a check: nothing of it is written, nor counted.
    await expect(
      ctx.db.insert(bookings).values([
        { ...row, reference: 'PS-GOOD-RW' },
        { ...row, reference: 'PS-BADT-RW', total: row.total + 1 },
      ]),
    ).rejects.toThrow();
    const after = await ctx.db.execute(
      sql`select slot, bookings, revenue from booking_departure_slots where company_id = ${site.companyId}`,
    );
    expect(rowsOf(after)).toEqual(rowsOf(before));
    expect(await mismatches(ctx.db, [site.companyId])).toEqual([]);
  });
});

describe('migration 0007', () => {
  const migrationsFolder = resolve(import.meta.dirname, 'migrations');
  let database: Database | undefined;
  let dropServerDatabase = async () => {};
  let before: string | undefined;
  afterAll(async () => {
    await database?.close();
    await dropServerDatabase();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  const migrateFrom = (folder: string) =>
    database?.kind === 'postgres'
      ? migrateNodePg(database.db as never, { migrationsFolder: folder })
      : migratePglite(database?.db as never, { migrationsFolder: folder });

  it('counts the bookings made before it, and a TRUNCATE of bookings empties the summary', async () => {
    if (process.env.TEST_DB === 'postgres') {
      const server = await createServerDatabase(process.env.TEST_DATABASE_URL ?? '');
      dropServerDatabase = server.drop;
      database = await openDatabase({ databaseUrl: server.url, dataDir: 'memory://', connectTimeoutMs: 3000 });
    } else {
      database = await openDatabase({ dataDir: 'memory://', connectTimeoutMs: 3000 });
    }
    // The migrations up to 0006 (the journal cut after it), then bookings, then the rest: a database of before.
    before = mkdtempSync(join(tmpdir(), 'ps-migrations-'));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0006_booking_audit');
    expect(upTo).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
    await migrateFrom(before);
    const db = database.db;
    await seedReferenceData(db);
    expect(rowsOf(await db.execute(sql`select to_regclass('booking_departure_slots') as summary`))).toEqual([{ summary: null }]);

    // Companies as they were then (later migrations add columns the current schema would name).
    const oldCompany = async (name: string) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`insert into companies (name, client_key) values (${name}, ${`key-${name}`}) returning id`),
      )[0]?.id;
    // Places as they were then too (a later migration adds the arrival instructions).
    const oldLocation = async (companyId: number, airportId: number, name: string, type: string, capacity: number) =>
      rowsOf<{ id: number; name: string; capacity: number }>(
        await db.execute(
          sql`insert into locations (company_id, airport_id, name, type, capacity) values (${companyId}, ${airportId}, ${name}, ${type}, ${capacity}) returning id, name, capacity`,
        ),
      )[0] ?? { id: 0, name, capacity };
    const oldSite = async (name: string): Promise<Site> => {
      const companyId = (await oldCompany(name)) ?? 0;
      const airport = await createAirport(db, companyId, { time_zone: 'Europe/London' });
      return {
        companyId,
        airportId: airport.id,
        terminal: await oldLocation(companyId, airport.id, `Terminal ${name}`, 'terminal', 0),
        carParks: [await oldLocation(companyId, airport.id, `Car park ${name}`, 'car_park', 10)],
      };
    };
    const sites = [await oldSite('Before A'), await oldSite('Before B')];
    const random = prng(7);
    const rows = Array.from({ length: 60 }, () => {
      const departure_at = new Date(Date.parse('2026-05-01T00:00:00Z') + random.int(0, 3 * 96) * SLOT + random.pick([0, -1, 7 * MINUTE]));
      return bookingRowValues(random.pick(sites), {
        departure_at,
        arrival_at: new Date(departure_at.getTime() + 86_400_000),
        total: random.int(0, 9_000),
        status: random.next() < 0.25 ? 'cancelled' : 'confirmed',
      });
    });
    // Bookings as they were then: only the columns the rows name (later migrations add columns, such as the agency's
    // commission, that an insert through the current schema would name).
    const columns = Object.keys(rows[0] ?? {}) as (keyof (typeof rows)[number])[];
    const value = (cell: unknown) => (cell instanceof Date ? cell.toISOString() : cell);
    await db.execute(
      sql`insert into bookings (${sql.join(
        columns.map((column) => sql.identifier(column)),
        sql`, `,
      )}) values ${sql.join(
        rows.map(
          (row) =>
            sql`(${sql.join(
              columns.map((column) => sql`${value(row[column])}`),
              sql`, `,
            )})`,
        ),
        sql`, `,
      )}`,
    );

    await migrateFrom(migrationsFolder);
    const companyIds = sites.map((site) => site.companyId);
    expect(await mismatches(db, companyIds)).toEqual([]);
    expect((await slotRows(db, companyIds)).length).toBeGreaterThan(10);
    // And it keeps counting from there.
    await db.delete(bookings).where(inArray(bookings.company_id, [sites[0]?.companyId ?? 0]));
    expect(await mismatches(db, companyIds)).toEqual([]);

    await db.execute(sql`truncate bookings cascade`);
    expect(rowsOf(await db.execute(sql`select count(*)::int as slots from booking_departure_slots`))).toEqual([{ slots: 0 }]);
  });
});
